/** True when the run's only errors are Hypothesis's own (Runtime Errors raising hypothesis.errors.*) and no check failed. */
export function failedInsideItself(log: string): boolean {
  const sections = log.split(/^=+ ([A-Z ]+) =+$/m);
  const named = (name: string) => sections.findIndex((part, index) => index % 2 === 1 && part === name);
  const errors = named('ERRORS');
  if (errors < 0 || named('FAILURES') >= 0) return false;
  const entries = sections[errors + 1]!.split(/^_{3,} .+ _{3,}$/m).slice(1);
  return (
    entries.length > 0 && entries.every((entry) => entry.trim().startsWith('Runtime Error') && /\bhypothesis\.errors\.\w+/.test(entry))
  );
}
