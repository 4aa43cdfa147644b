/** A binary max-heap of node indices on a priority array; ties go to the earlier node. */
export class Frontier {
  private heap = new Int32Array(1024);
  size = 0;
  constructor(private readonly prio: Float64Array) {}
  private above(a: number, b: number): boolean {
    const pa = this.prio[a]!;
    const pb = this.prio[b]!;
    return pa > pb || (pa === pb && a < b);
  }
  push(x: number): void {
    if (this.size === this.heap.length) {
      const h = new Int32Array(this.size * 2);
      h.set(this.heap);
      this.heap = h;
    }
    const h = this.heap;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.above(x, h[p]!)) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = x;
  }
  pop(): number {
    const h = this.heap;
    const top = h[0]!;
    const x = h[--this.size]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const m = r < this.size && this.above(h[r]!, h[l]!) ? r : l;
      if (!this.above(h[m]!, x)) break;
      h[i] = h[m]!;
      i = m;
    }
    if (this.size > 0) h[i] = x;
    return top;
  }
}
