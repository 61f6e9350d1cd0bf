import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { BOX, layoutDiagram } from './schema-diagram-layout.js';
import { schemaDiagram } from './schema-diagram-model.js';
import type { SqlTableSchema } from '@dblearn/lab';
import { rowCountLabel } from './sql-result.js';
import { ResultTable } from './sql-result-view.js';

/** A path through the layout's points, ending in the arrowhead marker. */
function pathOf(points: { x: number; y: number }[]): string {
  return points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
}

/**
 * The practice database as a diagram (loaded with the schema view, with dagre): a box per table
 * with its columns and types, the primary key marked PK and foreign keys FK, an arrow per foreign
 * key. Each box is a button named by its own text (name, row count, columns): it shows the
 * table's first rows under the diagram. The same facts are
 * listed as text after it for screen readers; the diagram scrolls inside its own box when narrow.
 */
export default function SchemaDiagram({ tables }: { tables: SqlTableSchema[] }) {
  const layout = useMemo(() => layoutDiagram(schemaDiagram(tables)), [tables]);
  const [chosen, setChosen] = useState<string | null>(null);
  const markerId = useId().replace(/:/g, '');
  const rowsId = useId();
  const shown = tables.find((table) => table.name === chosen);
  const choose = (name: string) => setChosen(chosen === name ? null : name);
  const onKey = (event: KeyboardEvent, name: string) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    choose(name);
  };
  return (
    <div className="dbl-diagram">
      <div className="dbl-diagram__scroll" tabIndex={0} role="region" aria-label="Diagram of the tables (listed in words below)">
        {/* Shrunk to the page's width down to 75 %, then scrolled: a wide schema stays readable without dragging. */}
        <svg
          className="dbl-diagram__svg"
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          style={{ maxWidth: layout.width, minWidth: Math.round(layout.width * 0.75) }}
          role="group"
          aria-label="Tables and their foreign keys"
        >
          <defs>
            <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="dbl-diagram__arrowhead" />
            </marker>
          </defs>
          <g aria-hidden="true">
            {layout.edges.map((edge, index) => (
              <path key={index} className="dbl-diagram__edge" d={pathOf(edge.points)} markerEnd={`url(#${markerId})`} />
            ))}
          </g>
          {layout.tables.map(({ table, x, y, width, height }) => (
            <g
              key={table.name}
              className={`dbl-diagram__table${chosen === table.name ? ' dbl-diagram__table--chosen' : ''}`}
              transform={`translate(${x.toFixed(1)},${y.toFixed(1)})`}
              role="button"
              tabIndex={0}
              aria-pressed={chosen === table.name}
              aria-controls={rowsId}
              onClick={() => choose(table.name)}
              onKeyDown={(event) => onKey(event, table.name)}
            >
              <rect className="dbl-diagram__box" width={width} height={height} rx="5" />
              <rect className="dbl-diagram__header" width={width} height={BOX.header} rx="5" />
              <text className="dbl-diagram__name" x={BOX.padding} y={BOX.header - 8}>
                {table.name}
              </text>
              <text className="dbl-diagram__count" x={width - BOX.padding} y={BOX.header - 8} textAnchor="end">
                {rowCountLabel(table.rowCount)}
              </text>
              {table.columns.map((column, index) => {
                const baseline = BOX.header + (index + 1) * BOX.row - 5;
                return (
                  <g key={column.name}>
                    {column.primaryKey || column.foreignKey ? (
                      <text className="dbl-diagram__key" x={BOX.padding} y={baseline}>
                        {column.primaryKey ? 'PK' : 'FK'}
                      </text>
                    ) : null}
                    <text className={`dbl-diagram__column${column.primaryKey ? ' dbl-diagram__column--key' : ''}`} x={BOX.padding + 3 * BOX.charWidth} y={baseline}>
                      {column.name}
                    </text>
                    <text className="dbl-diagram__type" x={width - BOX.padding} y={baseline} textAnchor="end">
                      {column.type}
                    </text>
                  </g>
                );
              })}
            </g>
          ))}
        </svg>
      </div>
      <div id={rowsId} className="dbl-diagram__rows">
        {shown ? (
          shown.rows.length > 0 ? (
            <>
              <p className="dbl-schema__name">
                First rows of <code>{shown.name}</code>
              </p>
              <ResultTable columns={shown.columns.map((column) => column.name)} rows={shown.rows} label={`First rows of ${shown.name}`} />
            </>
          ) : (
            <p className="dbl-schema__loading">{shown.name} has no rows.</p>
          )
        ) : (
          <p className="dbl-schema__loading">Choose a table in the diagram to see its first rows.</p>
        )}
      </div>
    </div>
  );
}
