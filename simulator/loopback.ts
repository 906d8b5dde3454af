// Which listen addresses keep the simulator on this machine: used to decide whether the
// admin API needs a token (options.ts) and which Host names it answers (http/admin-guard.ts).

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h);
}
