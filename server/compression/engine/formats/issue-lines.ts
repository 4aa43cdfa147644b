// Severity words as loggers print them: upper case anywhere (`ERROR`, `[WRN]`, `npm ERR!`), any case
// where a level sits (`[error]`, `error:`, `level=warn`, `"level":"error"`), exception class names
// (`TypeError`, `java.lang.IllegalStateException`) and Android's `E/Tag` and logcat's ` E Tag:`.
const SEVERE = [
  /\b(?:ERROR|ERR|FATAL|FTL|CRITICAL|CRIT|SEVERE|WARN|WARNING|WRN|PANIC|ALERT|EMERG|EXCEPTION|FAILED|FAILURE)\b/u,
  /[[<(|]\s*(?:error|err|fatal|critical|crit|warn|warning|panic|severe|alert|emerg)\s*[\]>)|]/iu,
  /(?:^|\s)(?:error|fatal|critical|warn|warning|panic|severe)(?::|\s*$)/iu,
  /\b(?:level|lvl|severity)"?\s*[=:]\s*"?(?:error|err|fatal|critical|crit|warn|warning|panic)\b/iu,
  /\b[A-Z][\w$]*(?:Exception|Error)\b/u,
  /\b(?:failed|failure|failing)\b/iu,
  // Refusals and segfaults report failures without a level word (`Permission denied`, `policy-rc.d denied execution`).
  /\b(?:denied|refused|segfault|segmentation fault|core dumped)\b/iu,
  /(?:^|\s)[EWF]\/[\w.$-]+/u,
  /^\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\s+\d+\s+\d+\s+[EWF]\s/u,
  // npm prints `npm error code E404` / `npm warn deprecated …`, its debug log `123 error …`; tsc `file.ts(3,5): error TS2322`.
  /^(?:npm|\d+) (?:error|warn|ERR!|WARN)\b/u,
  /\b(?:error|warning) TS\d+\b/u,
  // pino and bunyan number their levels: 40 warn, 50 error, 60 fatal.
  /"level":\s*(?:40|50|60)\b/u,
];
// Stack traces: Java/JS/C# frames, Python tracebacks, chained causes, Go goroutines, Rust panics.
const TRACE = [
  /^\s+at\s+\S/u,
  /^\s*File "[^"]*", line \d+/u,
  /^\s*Traceback \(most recent call last\)/u,
  /^\s*Caused by:/u,
  /^\s*\.\.\. \d+ (?:more|common frames omitted)/u,
  /^\s*goroutine \d+ \[/u,
  /^\s*thread '[^']*' panicked at/u,
  /^\s*panic:/u,
];

/** A line reporting an error, a warning or a failure. */
export const isSevere = (line: string): boolean => SEVERE.some((re) => re.test(line));
/** A stack-trace line (frame, traceback header, chained cause). */
export const isTrace = (line: string): boolean => TRACE.some((re) => re.test(line));

/** A line a compressed log must never lose. */
export const isIssueLine = (line: string): boolean => isSevere(line) || isTrace(line);

// Errors proper (not warnings): level words and exception names that say something failed.
const ERROR = [
  /\b(?:ERROR|ERR!?|FATAL|FTL|CRITICAL|CRIT|SEVERE|PANIC|ALERT|EMERG)\b/u,
  /(?:^|[\s[<(|])(?:error|err|fatal|critical|panic)\b/iu,
  /"level":\s*(?:50|60)\b/u,
  /\b[A-Z][\w$]*(?:Exception|Error)\b/u,
];
/** An error line (not a warning nor a stack frame): kept before warnings when they cannot all be. */
export const isErrorLine = (line: string): boolean => ERROR.some((re) => re.test(line));
