import dagre from '@dagrejs/dagre';
import type { DiagramTable, SchemaDiagram } from './schema-diagram-model.js';

/** The box sizes the SVG draws with (px): a 12 px monospace font is about 7.3 px a character. */
export const BOX = { header: 26, row: 19, padding: 10, charWidth: 7.3, minWidth: 120 } as const;

export interface PlacedTable {
  table: DiagramTable;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  points: { x: number; y: number }[];
}

export interface DiagramLayout {
  width: number;
  height: number;
  tables: PlacedTable[];
  edges: PlacedEdge[];
}

/** A box wide enough for its header and its longest column line. */
function boxSize(table: DiagramTable): { width: number; height: number } {
  // The header holds the name and "12 rows"; a column line "PK name  TYPE".
  const longest = Math.max(table.name.length + String(table.rowCount).length + 8, ...table.columns.map((column) => column.name.length + column.type.length + 5));
  return { width: Math.max(BOX.minWidth, Math.ceil(longest * BOX.charWidth + 2 * BOX.padding)), height: BOX.header + table.columns.length * BOX.row + BOX.padding / 2 };
}

/** The height of a column's row in a placed box (its header's, for a column it does not have). */
function rowMiddle(box: PlacedTable, column: string | undefined): number {
  const index = box.table.columns.findIndex((item) => item.name.toLowerCase() === column?.toLowerCase());
  return index === -1 ? box.y + BOX.header / 2 : box.y + BOX.header + index * BOX.row + BOX.row / 2;
}

/**
 * Places the boxes with dagre (a layered layout: a referring table left of the table it refers to,
 * arrows crossing as little as it can), so 4–8 tables read without dragging. Positions are the
 * boxes' top-left corners, inside a margin.
 */
export function layoutDiagram(diagram: SchemaDiagram): DiagramLayout {
  const margin = 12;
  const graph = new dagre.graphlib.Graph({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 56, marginx: margin, marginy: margin });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const table of diagram.tables) graph.setNode(table.name, boxSize(table));
  diagram.edges.forEach((edge, index) => {
    // A table referring to itself is drawn as a loop beside its box, not handed to the layout.
    if (edge.from !== edge.to) graph.setEdge(edge.from, edge.to, {}, `key${index}`);
  });
  dagre.layout(graph);
  const tables = diagram.tables.map((table) => {
    const node = graph.node(table.name);
    return { table, x: node.x - node.width / 2, y: node.y - node.height / 2, width: node.width, height: node.height };
  });
  const placed = new Map(tables.map((table) => [table.table.name, table]));
  const edges = diagram.edges.map((edge, index) => {
    if (edge.from === edge.to) {
      const box = placed.get(edge.from);
      const right = (box?.x ?? 0) + (box?.width ?? 0);
      const top = (box?.y ?? 0) + BOX.header / 2;
      return { from: edge.from, to: edge.to, points: [{ x: right, y: top }, { x: right + 14, y: top }, { x: right + 14, y: top + 16 }, { x: right, y: top + 16 }] };
    }
    const route = graph.edge({ v: edge.from, w: edge.to, name: `key${index}` }).points ?? [];
    const [source, target] = [placed.get(edge.from), placed.get(edge.to)];
    if (!source || !target || route.length < 2) return { from: edge.from, to: edge.to, points: route };
    // dagre routes between the boxes' borders; the ends are moved to the rows of the key's own
    // columns, on the side facing the route, so the arrow says which column refers to which.
    const inner = route.slice(1, -1);
    const towards = inner[0] ?? { x: target.x + target.width / 2, y: 0 };
    const from = towards.x >= source.x + source.width / 2 ? source.x + source.width : source.x;
    const back = inner.at(-1) ?? { x: source.x + source.width / 2, y: 0 };
    const to = back.x <= target.x + target.width / 2 ? target.x : target.x + target.width;
    return {
      from: edge.from,
      to: edge.to,
      points: [{ x: from, y: rowMiddle(source, edge.fromColumns[0]) }, ...inner, { x: to, y: rowMiddle(target, edge.toColumns[0]) }],
    };
  });
  const size = graph.graph();
  return { width: Math.ceil((size.width ?? 0) + 16), height: Math.ceil(size.height ?? 0), tables, edges };
}
