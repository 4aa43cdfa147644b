/** A dependency-free line chart (SVG) of retention against the kept fraction of tokens. */
export interface Series {
  name: string;
  points: Array<{ x: number; y: number }>;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#7f7f7f', '#e377c2'];

const W = 760;
const H = 460;
const L = 60;
const R = 190;
const T = 40;
const B = 50;

/** Where data goes on the canvas, and the grid lines with their labels. */
interface Axes {
  xs(x: number): number;
  ys(y: number): number;
  xTicks: ReadonlyArray<readonly [number, string]>;
  yTicks: ReadonlyArray<readonly [number, string]>;
  /** Points that can be drawn (a log axis has no place for 0). */
  drawable(p: { x: number; y: number }): boolean;
}

/** The frame every chart shares: title, grid, axis labels, one polyline with dots per series, legend. */
function chart(title: string, series: readonly Series[], xLabel: string, yLabel: string, axes: Axes): string {
  const { xs, ys } = axes;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - R / 2}" y="22" text-anchor="middle" font-size="14">${title}</text>`,
  ];
  for (const [v, label] of axes.yTicks) {
    const y = ys(v);
    parts.push(`<line x1="${L}" x2="${W - R}" y1="${y}" y2="${y}" stroke="#eee"/>`, `<text x="${L - 8}" y="${y + 4}" text-anchor="end">${label}</text>`);
  }
  for (const [v, label] of axes.xTicks) {
    const x = xs(v);
    parts.push(`<line x1="${x}" x2="${x}" y1="${T}" y2="${H - B}" stroke="#eee"/>`, `<text x="${x}" y="${H - B + 16}" text-anchor="middle">${label}</text>`);
  }
  parts.push(
    `<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">${xLabel}</text>`,
    `<text x="16" y="${(T + H - B) / 2}" transform="rotate(-90 16 ${(T + H - B) / 2})" text-anchor="middle">${yLabel}</text>`,
  );
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const pts = s.points
      .filter(axes.drawable)
      .sort((a, b) => a.x - b.x)
      .map((p) => [xs(p.x).toFixed(1), ys(p.y).toFixed(1)] as const);
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => p.join(',')).join(' ')}"/>`);
    for (const [cx, cy] of pts) parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${color}"/>`);
    parts.push(`<rect x="${W - R + 15}" y="${T + i * 20}" width="14" height="3" fill="${color}"/>`, `<text x="${W - R + 35}" y="${T + i * 20 + 5}">${s.name}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}

export function lineChart(title: string, series: readonly Series[], xLabel: string, yLabel: string): string {
  // Kept fraction on a log axis (2% .. 60%; smaller fractions sit on its left edge), retention 0..100%.
  const xs = (x: number) => L + ((Math.log(Math.max(0.015, x)) - Math.log(0.015)) / (Math.log(0.6) - Math.log(0.015))) * (W - L - R);
  const ys = (y: number) => T + (1 - y / 100) * (H - T - B);
  return chart(title, series, xLabel, yLabel, {
    xs,
    ys,
    xTicks: [0.02, 0.05, 0.1, 0.25, 0.5].map((x) => [x, `${x * 100}%`] as const),
    yTicks: [0, 20, 40, 60, 80, 100].map((y) => [y, String(y)] as const),
    drawable: () => true,
  });
}

/** 1000 -> "1k", 1e6 -> "1M": short labels for log-axis ticks. */
function shortNumber(n: number): string {
  if (n >= 1e6) return `${n / 1e6}M`;
  if (n >= 1e3) return `${n / 1e3}k`;
  return String(n);
}

/**
 * A dependency-free log-log line chart (SVG), e.g. latency against context size: both axes span
 * whole decades around the data, with a labelled grid line per decade. Points at or below zero
 * cannot sit on a log axis and are left out.
 */
export function logLogChart(title: string, series: readonly Series[], xLabel: string, yLabel: string): string {
  const drawable = (p: { x: number; y: number }) => p.x > 0 && p.y > 0;
  const points = series.flatMap((s) => s.points).filter(drawable);
  const decades = (vs: number[]) => {
    const lo = Math.floor(Math.log10(Math.min(...vs, 1e9)));
    const hi = Math.ceil(Math.log10(Math.max(...vs, 1e-9)));
    return points.length ? { lo, hi: Math.max(hi, lo + 1) } : { lo: 0, hi: 1 };
  };
  const dx = decades(points.map((p) => p.x));
  const dy = decades(points.map((p) => p.y));
  const ticks = (d: { lo: number; hi: number }) => Array.from({ length: d.hi - d.lo + 1 }, (_, k) => [10 ** (d.lo + k), shortNumber(10 ** (d.lo + k))] as const);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return chart(title, series, xLabel, yLabel, {
    xs: (x) => round1(L + ((Math.log10(x) - dx.lo) / (dx.hi - dx.lo)) * (W - L - R)),
    ys: (y) => round1(T + (1 - (Math.log10(y) - dy.lo) / (dy.hi - dy.lo)) * (H - T - B)),
    xTicks: ticks(dx),
    yTicks: ticks(dy),
    drawable,
  });
}
