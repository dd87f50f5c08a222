/** $0, $512K, $1.2M: amounts short enough for an axis or a bar. */
export function shortUsd(n: number): string {
  const size = Math.abs(n);
  const amount = size >= 1e6 ? `$${(size / 1e6).toFixed(1)}M` : size >= 1000 ? `$${Math.round(size / 1000)}K` : `$${Math.round(size)}`;
  return n < 0 ? `−${amount}` : amount;
}
