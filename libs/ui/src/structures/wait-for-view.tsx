import { useState } from 'react';
import { GraphDrawing } from './graph-drawing.js';
import { describeWaitForGraph, lockText, type Operation, type WaitForGraph } from '@dblearn/lab/structures';
import { SteppedGraph } from './stepped-graph.js';

/** The graph as SVG: edges labelled with the item waited for; the cycle's nodes marked, victims struck. */
function WaitForDrawing({ graph, focus, markerId }: { graph: WaitForGraph; focus: readonly number[]; markerId: string }) {
  const edges = graph.edges.map((edge) => {
    const released = graph.victims.includes(edge.from) || graph.victims.includes(edge.to);
    const focused = focus.includes(edge.from) && focus.includes(edge.to);
    return { from: edge.from, to: edge.to, label: edge.item, className: `dbl-precedence__edge${focused ? ' dbl-precedence__edge--focus' : ''}${released ? ' dbl-waitfor__edge--released' : ''}` };
  });
  const nodeClass = (node: number) =>
    ['dbl-precedence__node', focus.includes(node) ? 'dbl-precedence__node--focus' : '', graph.deadlocked.includes(node) ? 'dbl-waitfor__node--deadlocked' : '', graph.victims.includes(node) ? 'dbl-waitfor__node--victim' : ''].filter(Boolean).join(' ');
  return <GraphDrawing nodes={graph.transactions} edges={edges} nodeClass={nodeClass} markerId={markerId} />;
}

/**
 * A ```wait-for-graph block: the lock table, then its wait-for graph one waiting transaction at a
 * time, the cycle (deadlock) named and a victim aborted until none is left.
 */
export function WaitForLab({ built }: { built: Operation<WaitForGraph> }) {
  const { steps } = built;
  const [position, setPosition] = useState(-1);
  const current = position >= 0 ? steps[position]! : null;
  const graph: WaitForGraph = current ? current.state : { ...built.state, edges: [], deadlocked: [], victims: [] };
  const table = (
    <ul className="dbl-precedence__schedule dbl-waitfor__table" aria-label="Lock table">
      {graph.table.map((entry) => (
        <li key={entry.transaction} className={graph.victims.includes(entry.transaction) ? 'dbl-precedence__op dbl-waitfor__row--victim' : 'dbl-precedence__op'}>
          {`T${entry.transaction} holds ${entry.holds.length === 0 ? 'nothing' : entry.holds.map(lockText).join(', ')}${entry.waits ? `, waits for ${lockText(entry.waits)}` : ''}${graph.victims.includes(entry.transaction) ? ' (aborted)' : ''}`}
        </li>
      ))}
    </ul>
  );
  return (
    <SteppedGraph
      title="Wait-for graph"
      convention="An edge Ti → Tj when Ti waits for a lock that Tj holds in an incompatible mode (only S with S is compatible). A cycle is a deadlock: a victim on it is aborted."
      source={table}
      stepCount={steps.length}
      position={position}
      setPosition={setPosition}
      narration={current ? current.text : 'The start: one node per transaction, no edges. Step forward to add who waits for whom.'}
      drawingName="Wait-for graph drawing"
      description={describeWaitForGraph(graph)}
      drawing={(markerId) => <WaitForDrawing graph={graph} focus={current?.focus ?? []} markerId={markerId} />}
    />
  );
}
