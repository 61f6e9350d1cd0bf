/** A directed graph of transactions drawn as SVG on a circle: the precedence and wait-for graphs share it. */

const SIZE = 260;
const RADIUS = 20;

export interface DrawnEdge {
  from: number;
  to: number;
  label: string;
  className: string;
}

/** Where each transaction's node sits: on a circle, the first at the top, clockwise (one node: the centre). */
function layout(nodes: readonly number[]): Map<number, { x: number; y: number }> {
  const centre = SIZE / 2;
  const ring = nodes.length === 1 ? 0 : SIZE / 2 - RADIUS - 18;
  return new Map(nodes.map((node, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / nodes.length;
    return [node, { x: centre + ring * Math.cos(angle), y: centre + ring * Math.sin(angle) }];
  }));
}

/** Arrows between node rims (a pair of opposite edges bends apart so both show), each with its label. */
export function GraphDrawing({ nodes, edges, nodeClass, markerId }: { nodes: readonly number[]; edges: readonly DrawnEdge[]; nodeClass: (node: number) => string; markerId: string }) {
  const at = layout(nodes);
  return (
    <svg className="dbl-precedence__svg" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} aria-hidden="true" focusable="false">
      <defs>
        <marker id={markerId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill="#334155" />
        </marker>
      </defs>
      {edges.map((edge) => {
        const from = at.get(edge.from)!;
        const to = at.get(edge.to)!;
        const dx = to.x - from.x;
        const dy = to.y - from.y;
        const length = Math.hypot(dx, dy) || 1;
        const [ux, uy] = [dx / length, dy / length];
        const bend = edges.some((other) => other.from === edge.to && other.to === edge.from) ? 28 : 0;
        const start = { x: from.x + ux * RADIUS, y: from.y + uy * RADIUS };
        const end = { x: to.x - ux * (RADIUS + 2), y: to.y - uy * (RADIUS + 2) };
        const control = { x: (start.x + end.x) / 2 - uy * bend, y: (start.y + end.y) / 2 + ux * bend };
        return (
          <g key={`${edge.from}-${edge.to}`} className={edge.className}>
            <path d={`M${start.x},${start.y} Q${control.x},${control.y} ${end.x},${end.y}`} fill="none" markerEnd={`url(#${markerId})`} />
            <text x={control.x - uy * 6} y={control.y + ux * 6} textAnchor="middle" dominantBaseline="middle">
              {edge.label}
            </text>
          </g>
        );
      })}
      {nodes.map((node) => {
        const { x, y } = at.get(node)!;
        return (
          <g key={node} className={nodeClass(node)}>
            <circle cx={x} cy={y} r={RADIUS} />
            <text x={x} y={y} textAnchor="middle" dominantBaseline="central">{`T${node}`}</text>
          </g>
        );
      })}
    </svg>
  );
}
