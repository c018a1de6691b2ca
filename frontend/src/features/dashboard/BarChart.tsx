import { useId } from 'react';
import { niceScale, tickValues } from './chartMath';

const W = 360;
const H = 230;
const M = { top: 18, right: 8, bottom: 52, left: 36 };

/**
 * A small bar chart in plain SVG (no charting library: a few hundred bytes instead of tens of
 * kilobytes). Each bar has a tooltip; a hidden table gives the figures to screen readers.
 */
export function BarChart({
  title,
  categories,
  values,
  color,
  emptyText,
}: {
  title: string;
  categories: readonly string[];
  values: readonly number[];
  color: string;
  emptyText: string;
}) {
  const id = useId();
  const top = Math.max(0, ...values);
  const { max, step } = niceScale(top);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const n = Math.max(1, categories.length);
  const band = plotW / n;
  const barW = Math.max(4, Math.min(48, band * 0.6));
  const y = (v: number) => M.top + plotH - (v / max) * plotH;
  const every = Math.ceil(n / 12);
  const rotate = categories.some((c) => c.length > 6) || n > 8;

  return (
    <figure className="a-chart" aria-labelledby={`${id}-t`} data-testid="bar-chart">
      <h4 id={`${id}-t`}>{title}</h4>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {tickValues(max, step).map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#e4e7eb" />
            <text x={M.left - 6} y={y(t)} dy="0.32em" textAnchor="end" fontSize="11" fill="#52606d">
              {t}
            </text>
          </g>
        ))}
        {categories.map((c, i) => {
          const v = values[i] ?? 0;
          const cx = M.left + band * i + band / 2;
          const h = plotH - (y(v) - M.top);
          return (
            <g key={`${c}-${i}`}>
              <rect x={cx - barW / 2} y={y(v)} width={barW} height={Math.max(0, h)} fill={color} rx="2">
                <title>{`${c}: ${v}`}</title>
              </rect>
              {v > 0 && n <= 16 && (
                <text x={cx} y={y(v) - 4} textAnchor="middle" fontSize="11" fill="#1f2933">
                  {v}
                </text>
              )}
              {i % every === 0 && (
                <text
                  x={cx}
                  y={H - M.bottom + 14}
                  fontSize="11"
                  fill="#52606d"
                  textAnchor={rotate ? 'end' : 'middle'}
                  transform={rotate ? `rotate(-35 ${cx} ${H - M.bottom + 14})` : undefined}
                >
                  {c.length > 14 ? `${c.slice(0, 13)}…` : c}
                </text>
              )}
            </g>
          );
        })}
        <line x1={M.left} x2={W - M.right} y1={M.top + plotH} y2={M.top + plotH} stroke="#9aa5b1" />
        {categories.length === 0 && (
          <text x={M.left + plotW / 2} y={M.top + plotH / 2} textAnchor="middle" fontSize="13" fill="#7b8794">
            {emptyText}
          </text>
        )}
      </svg>
      <table className="a-sr-only">
        <caption>{title}</caption>
        <tbody>
          {categories.map((c, i) => (
            <tr key={`${c}-${i}`}>
              <th scope="row">{c}</th>
              <td>{values[i] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
