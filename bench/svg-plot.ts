/** A dependency-free line chart (SVG) of retention against the kept fraction of tokens. */
export interface Series {
  name: string;
  points: Array<{ x: number; y: number }>;
}

const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#7f7f7f', '#e377c2'];

export function lineChart(title: string, series: readonly Series[], xLabel: string, yLabel: string): string {
  const W = 760;
  const H = 460;
  const L = 60;
  const R = 190;
  const T = 40;
  const B = 50;
  // Kept fraction on a log axis (2% .. 60%), retention 0..100%.
  const xs = (x: number) => L + ((Math.log(x) - Math.log(0.015)) / (Math.log(0.6) - Math.log(0.015))) * (W - L - R);
  const ys = (y: number) => T + (1 - y / 100) * (H - T - B);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${W / 2 - R / 2}" y="22" text-anchor="middle" font-size="14">${title}</text>`,
  ];
  for (const y of [0, 20, 40, 60, 80, 100]) {
    parts.push(`<line x1="${L}" x2="${W - R}" y1="${ys(y)}" y2="${ys(y)}" stroke="#eee"/>`, `<text x="${L - 8}" y="${ys(y) + 4}" text-anchor="end">${y}</text>`);
  }
  for (const x of [0.02, 0.05, 0.1, 0.25, 0.5]) {
    parts.push(`<line x1="${xs(x)}" x2="${xs(x)}" y1="${T}" y2="${H - B}" stroke="#eee"/>`, `<text x="${xs(x)}" y="${H - B + 16}" text-anchor="middle">${x * 100}%</text>`);
  }
  parts.push(
    `<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">${xLabel}</text>`,
    `<text x="16" y="${(T + H - B) / 2}" transform="rotate(-90 16 ${(T + H - B) / 2})" text-anchor="middle">${yLabel}</text>`,
  );
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const pts = [...s.points].sort((a, b) => a.x - b.x).map((p) => `${xs(Math.max(0.015, p.x)).toFixed(1)},${ys(p.y).toFixed(1)}`);
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.join(' ')}"/>`);
    for (const p of pts) {
      const [cx, cy] = p.split(',');
      parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${color}"/>`);
    }
    parts.push(`<rect x="${W - R + 15}" y="${T + i * 20}" width="14" height="3" fill="${color}"/>`, `<text x="${W - R + 35}" y="${T + i * 20 + 5}">${s.name}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n');
}
