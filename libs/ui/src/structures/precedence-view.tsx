import { useState } from 'react';
import { GraphDrawing } from './graph-drawing.js';
import { describePrecedenceGraph, type Operation, operationText, type PrecedenceGraph } from '@dblearn/lab/structures';
import { SteppedGraph } from './stepped-graph.js';

/** The graph as SVG: each edge labelled with the items behind it. */
function PrecedenceDrawing({ graph, focus, markerId }: { graph: PrecedenceGraph; focus: readonly number[]; markerId: string }) {
  const edges = graph.edges.map((edge) => ({
    from: edge.from,
    to: edge.to,
    label: [...new Set(edge.because.map(([, later]) => graph.schedule[later]!.item))].join(','),
    className: focus.includes(edge.from) && focus.includes(edge.to) ? 'dbl-precedence__edge dbl-precedence__edge--focus' : 'dbl-precedence__edge',
  }));
  const nodeClass = (node: number) => (focus.includes(node) ? 'dbl-precedence__node dbl-precedence__node--focus' : 'dbl-precedence__node');
  return <GraphDrawing nodes={graph.transactions} edges={edges} nodeClass={nodeClass} markerId={markerId} />;
}

/**
 * A ```precedence-graph block: the schedule, then its graph growing one conflict at a time, each step
 * said in a sentence, ending with the verdict (serializable and to which order, or the cycle).
 */
export function PrecedenceLab({ built }: { built: Operation<PrecedenceGraph> }) {
  const { steps } = built;
  // A lesson's schedule starts at its first step: the learner steps forward to the verdict.
  const [position, setPosition] = useState(-1);
  const current = position >= 0 ? steps[position]! : null;
  const graph: PrecedenceGraph = current ? current.state : { ...built.state, edges: [], read: 0 };
  const schedule = (
    <ol className="dbl-precedence__schedule" aria-label="Schedule">
      {graph.schedule.map((operation, index) => (
        <li key={index} className={index === graph.read - 1 ? 'dbl-precedence__op dbl-precedence__op--current' : index < graph.read ? 'dbl-precedence__op dbl-precedence__op--read' : 'dbl-precedence__op'} aria-current={index === graph.read - 1 ? 'step' : undefined}>
          {operationText(operation)}
        </li>
      ))}
    </ol>
  );
  return (
    <SteppedGraph
      title="Precedence graph"
      convention="An edge Ti → Tj for each pair of conflicting operations (same item, different transactions, at least one write) where Ti's comes first. No cycle: conflict-serializable."
      source={schedule}
      stepCount={steps.length}
      position={position}
      setPosition={setPosition}
      narration={current ? current.text : 'The start: one node per transaction, no edges. Step forward to read the schedule.'}
      drawingName="Precedence graph drawing"
      description={describePrecedenceGraph(graph)}
      drawing={(markerId) => <PrecedenceDrawing graph={graph} focus={current?.focus ?? []} markerId={markerId} />}
    />
  );
}
