import { useId, useState } from 'react';
import { Button } from '../components/button.js';
import { describePrecedenceGraph, operationText, type PrecedenceGraph } from './precedence-graph.js';
import type { Operation } from './steps.js';

const SIZE = 260;
const RADIUS = 20;

/** Where each transaction's node sits: on a circle, T1 at the top, clockwise (one node: the centre). */
function layout(transactions: readonly number[]): Map<number, { x: number; y: number }> {
  const centre = SIZE / 2;
  const ring = transactions.length === 1 ? 0 : SIZE / 2 - RADIUS - 18;
  return new Map(transactions.map((node, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / transactions.length;
    return [node, { x: centre + ring * Math.cos(angle), y: centre + ring * Math.sin(angle) }];
  }));
}

/** The graph as SVG: arrows between node rims (a pair of opposite edges bends apart so both show). */
function PrecedenceDrawing({ graph, focus, markerId }: { graph: PrecedenceGraph; focus: readonly number[]; markerId: string }) {
  const at = layout(graph.transactions);
  return (
    <svg className="dbl-precedence__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} aria-hidden="true" focusable="false">
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="#334155" />
        </marker>
      </defs>
      {graph.edges.map((edge) => {
        const from = at.get(edge.from)!;
        const to = at.get(edge.to)!;
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const length = Math.hypot(dx, dy) || 1;
        const [ux, uy] = [dx / length, dy / length];
        const bend = graph.edges.some((other) => other.from === edge.to && other.to === edge.from) ? 28 : 0;
        const start = { x: from.x + ux * RADIUS, y: from.y + uy * RADIUS };
        const end = { x: to.x - ux * (RADIUS + 2), y: to.y - uy * (RADIUS + 2) };
        const control = { x: (start.x + end.x) / 2 - uy * bend, y: (start.y + end.y) / 2 + ux * bend };
        const items = [...new Set(edge.because.map(([, later]) => graph.schedule[later]!.item))].join(',');
        const focused = focus.includes(edge.from) && focus.includes(edge.to);
        return (
          <g key={`${edge.from}-${edge.to}`} className={focused ? 'dbl-precedence__edge dbl-precedence__edge--focus' : 'dbl-precedence__edge'}>
            <path d={`M${start.x},${start.y} Q${control.x},${control.y} ${end.x},${end.y}`} fill="none" markerEnd={`url(#${markerId})`} />
            <text x={control.x - uy * 6} y={control.y + ux * 6} textAnchor="middle" dominantBaseline="middle">
              {items}
            </text>
          </g>
        );
      })}
      {graph.transactions.map((node) => {
        const { x, y } = at.get(node)!;
        return (
          <g key={node} className={focus.includes(node) ? 'dbl-precedence__node dbl-precedence__node--focus' : 'dbl-precedence__node'}>
            <circle cx={x} cy={y} r={RADIUS} />
            <text x={x} y={y} textAnchor="middle" dominantBaseline="central">{`T${node}`}</text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A ```precedence-graph block: the schedule, then its graph growing one conflict at a time, each step
 * said in a sentence, ending with the verdict (serializable and to which order, or the cycle).
 */
export function PrecedenceLab({ built }: { built: Operation<PrecedenceGraph> }) {
  const { steps } = built;
  // A lesson's schedule starts at its first step: the learner steps forward to the verdict.
  const [position, setPosition] = useState(-1);
  const headingId = useId();
  const hintId = useId();
  const markerId = useId().replace(/:/g, '');
  const current = position >= 0 ? steps[position]! : null;
  const graph: PrecedenceGraph = current ? current.state : { ...built.state, edges: [], read: 0 };
  const move = (by: number) => setPosition((now) => Math.min(steps.length - 1, Math.max(-1, now + by)));

  return (
    <section className="dbl-structure" aria-labelledby={headingId}>
      <h3 id={headingId} className="dbl-structure__title">
        Precedence graph
      </h3>
      <p className="dbl-structure__convention">An edge Ti → Tj for each pair of conflicting operations (same item, different transactions, at least one write) where Ti&apos;s comes first. No cycle: conflict-serializable.</p>
      <ol className="dbl-precedence__schedule" aria-label="Schedule">
        {graph.schedule.map((operation, index) => (
          <li key={index} className={index === graph.read - 1 ? 'dbl-precedence__op dbl-precedence__op--current' : index < graph.read ? 'dbl-precedence__op dbl-precedence__op--read' : 'dbl-precedence__op'} aria-current={index === graph.read - 1 ? 'step' : undefined}>
            {operationText(operation)}
          </li>
        ))}
      </ol>
      <div className="dbl-structure__steps">
        <Button variant="secondary" onClick={() => setPosition(-1)} disabled={position < 0}>
          Reset
        </Button>
        <Button variant="secondary" onClick={() => move(-1)} disabled={position < 0}>
          Step back
        </Button>
        <Button variant="secondary" onClick={() => move(1)} disabled={position >= steps.length - 1}>
          Step forward
        </Button>
        <span className="dbl-structure__count">{`Step ${position + 1} of ${steps.length}`}</span>
      </div>
      <p id={hintId} className="dbl-structure__count">
        Left and right arrow keys on the drawing step back and forward.
      </p>
      <p className="dbl-structure__narration" aria-live="polite">
        {current ? current.text : 'The start: one node per transaction, no edges. Step forward to read the schedule.'}
      </p>
      <div
        className="dbl-structure__canvas"
        tabIndex={0}
        role="region"
        aria-label="Precedence graph drawing"
        aria-describedby={hintId}
        onKeyDown={(event) => {
          const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
          const to = position + by;
          if (by === 0 || to < -1 || to > steps.length - 1) return;
          event.preventDefault();
          move(by);
        }}
      >
        <div role="img" aria-label={describePrecedenceGraph(graph)}>
          <PrecedenceDrawing graph={graph} focus={current?.focus ?? []} markerId={markerId} />
        </div>
      </div>
    </section>
  );
}
