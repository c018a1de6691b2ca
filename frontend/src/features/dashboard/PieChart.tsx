import { useId } from 'react';
import { arcPath, percent, pieArcs, type Slice } from './chartMath';

const SIZE = 200;
const C = SIZE / 2;
const R = 90;

/** A small pie chart in plain SVG with its legend (label, figure, share). */
export function PieChart({ title, slices }: { title: string; slices: readonly Slice[] }) {
  const id = useId();
  const arcs = pieArcs(slices);
  const total = slices.reduce((a, s) => a + Math.max(0, s.value), 0);
  return (
    <figure className="a-chart" aria-labelledby={`${id}-t`} data-testid="pie-chart">
      <h4 id={`${id}-t`}>{title}</h4>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={title} style={{ maxWidth: 240, margin: '0 auto' }}>
        {arcs.length === 0 ? (
          <circle cx={C} cy={C} r={R} fill="#e4e7eb" />
        ) : (
          arcs.map(({ slice, start, end, share }) =>
            share >= 0.9999 ? (
              <circle key={slice.label} cx={C} cy={C} r={R} fill={slice.color}>
                <title>{`${slice.label}: ${slice.value}`}</title>
              </circle>
            ) : share > 0 ? (
              <path key={slice.label} d={arcPath(C, R, start, end)} fill={slice.color} stroke="#fff" strokeWidth="1">
                <title>{`${slice.label}: ${slice.value} (${percent(share)})`}</title>
              </path>
            ) : null,
          )
        )}
        <circle cx={C} cy={C} r={R * 0.55} fill="#fff" />
        <text x={C} y={C} dy="0.35em" textAnchor="middle" fontSize="26" fontWeight="600" fill="#1f2933">
          {total}
        </text>
      </svg>
      <ul className="a-legend">
        {slices.map((s) => (
          <li key={s.label}>
            <i style={{ background: s.color }} aria-hidden="true" />
            {s.label}: <strong>{s.value}</strong>
            {total > 0 ? ` (${percent(Math.max(0, s.value) / total)})` : ''}
          </li>
        ))}
      </ul>
    </figure>
  );
}
