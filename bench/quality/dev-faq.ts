import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { contentStems, type SquadSet } from '../lib/squad.js';

/**
 * The development sets: FAQ questions from sources that no model was ever trained on
 * (scripts/corpus/DATA_CARD.md) and that are not test sets, so weights and thresholds are chosen
 * here and SQuAD only reports. `debian`: the Debian FAQ (package `debian-faq`), the set every
 * weight so far was chosen on; `fetchmail`: the fetchmail FAQ (package `fetchmail`); `sqlite`: the
 * SQLite FAQ (package `sqlite3-doc`). Each answer's opening (whole sentences up to ~120 words) is
 * one document; a question's evidence is the first sentence of its answer, and it counts as kept
 * when most of that sentence's content stems (those the question does not already name) survive.
 * A question's distractors come from its own source.
 */
const CACHE = path.resolve('.cache/dev');
const DOC_WORDS = 120;
const SENTENCE = /(?<=[.!?])\s+(?=[A-Z0-9"'(\[])/u;

interface DevSource {
  /** Debian package that holds the FAQ. */
  pkg: string;
  file: string;
  parse(text: string): Array<{ question: string; answer: string }>;
}
export const DEV_SOURCES = {
  debian: { pkg: 'debian-faq', file: 'usr/share/doc/debian/FAQ/debian-faq.en.txt.gz', parse: parseFaq },
  fetchmail: { pkg: 'fetchmail', file: 'usr/share/doc/fetchmail/fetchmail-FAQ.html', parse: parseFetchmailFaq },
  sqlite: { pkg: 'sqlite3-doc', file: 'usr/share/doc/sqlite3/faq.html', parse: parseSqliteFaq },
} satisfies Record<string, DevSource>;
export type DevSourceId = keyof typeof DEV_SOURCES;

/** A source's FAQ text, downloaded with `apt-get download` and unpacked into .cache/dev on first use. */
function faqText(source: DevSource): string {
  const file = path.join(CACHE, 'x', source.file);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync('apt-get', ['download', source.pkg], { cwd: CACHE, stdio: 'ignore' });
    const deb = readdirSync(CACHE).find((f) => f.startsWith(`${source.pkg}_`) && f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${source.pkg} gave no package`);
    execFileSync('dpkg-deb', ['-x', deb, 'x'], { cwd: CACHE });
  }
  const raw = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** HTML to plain text: code blocks dropped (the FAQ's prose is the evidence), paragraphs kept apart. */
function htmlText(html: string): string {
  return html
    .replace(/<pre[\s\S]*?<\/pre>/giu, '\n\n')
    .replace(/<\/?(p|li|ol|ul|blockquote|dl|dd|dt|h\d|table|tr|div|br)\b[^>]*>/giu, '\n\n')
    .replace(/<[^>]+>/gu, '')
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/giu, (m, e: string) =>
      e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? m),
    );
}

/** fetchmail-FAQ.html: each question is an `<h2>` ("G1. What is fetchmail...?"), its answer runs to the next one. */
export function parseFetchmailFaq(html: string): Array<{ question: string; answer: string }> {
  const out: Array<{ question: string; answer: string }> = [];
  for (const part of html.split(/<h2\b[^>]*>/iu).slice(1)) {
    const [head, ...rest] = part.split(/<\/h2>/iu);
    // The chapter headings ("General problems") hold the table of contents, not answers.
    const numbered = /^[A-Z]\d+\.\s+(.*)$/u.exec(htmlText(head ?? '').replace(/\s+/gu, ' ').trim());
    if (numbered) out.push({ question: numbered[1]!, answer: htmlText(rest.join(' ').split(/<hr\b/iu)[0]!) });
  }
  return out;
}

/** faq.html of SQLite: `<a name="qN">`, then the question in `<b>(N) ...</b>` and the answer in a blockquote. */
export function parseSqliteFaq(html: string): Array<{ question: string; answer: string }> {
  return html
    .split(/<a name="q\d+"><\/a>/iu)
    .slice(1)
    .map((part) => {
      const q = /<b>\(\d+\)\s*([\s\S]*?)<\/b>/iu.exec(part);
      const body = part.slice((q?.index ?? 0) + (q?.[0].length ?? 0));
      return { question: htmlText(q?.[1] ?? '').replace(/\s+/gu, ' ').trim(), answer: htmlText(body.replace(/^\s*<\/p>/u, '')) };
    })
    .filter((q) => q.question.length > 0);
}

/** Question -> answer text of every numbered body section ("1.3. What is Linux?"). */
export function parseFaq(text: string): Array<{ question: string; answer: string }> {
  const lines = text.split('\n');
  const out: Array<{ question: string; answer: string[] }> = [];
  let current: { question: string; answer: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^\d+\.\d+\.\s+(.*)$/u.exec(line);
    if (heading) {
      let question = heading[1]!;
      while (lines[i + 1]?.trim() && !/^\s{4}/u.test(lines[i + 1]!)) question += ` ${lines[++i]!.trim()}`;
      current = { question, answer: [] };
      out.push(current);
    } else if (/^\d+\.\s+\S/u.test(line)) current = undefined;
    else current?.answer.push(line);
  }
  return out.map((q) => ({ question: q.question, answer: q.answer.join('\n') }));
}

/** The answer's opening prose as one paragraph: whole sentences up to DOC_WORDS words. */
function opening(answer: string): string {
  const prose = answer
    .split(/\n\s*\n/u)
    .map((p) => p.replace(/\s+/gu, ' ').trim())
    // list markers and shell lines read badly as prose; the first paragraphs of an answer are prose
    .filter((p) => p.split(' ').length >= 6 && !/^[$#]/u.test(p))
    .join(' ');
  const kept: string[] = [];
  let words = 0;
  for (const s of prose.split(SENTENCE)) {
    if (words > 0 && words + s.split(' ').length > DOC_WORDS) break;
    kept.push(s);
    words += s.split(' ').length;
  }
  return kept.join(' ');
}

/**
 * The FAQ in the shape of the SQuAD set: paragraphs are the answers' openings, and an item's
 * single "answer" is its evidence sentence (checked with `evidenceKept`, not as a substring).
 */
export function loadDevFaq(sources: readonly DevSourceId[] = ['debian']): SquadSet {
  const set: SquadSet = { paragraphs: [], items: [] };
  for (const id of sources) {
    const from = set.paragraphs.length;
    const items: SquadSet['items'] = [];
    const source: DevSource = DEV_SOURCES[id];
    for (const { question, answer } of source.parse(faqText(source))) {
      const doc = opening(answer);
      if (doc.split(' ').length < 15) continue;
      const gold = set.paragraphs.push(doc) - 1;
      items.push({ question, answers: [doc.split(SENTENCE)[0]!], gold });
    }
    // A single source is the whole set: no pool, so its haystacks are drawn exactly as before pools.
    const pool = sources.length > 1 ? ([from, set.paragraphs.length] as const) : undefined;
    set.items.push(...items.map((item) => (pool ? { ...item, pool } : item)));
  }
  return set;
}

/** `--sources debian,fetchmail,sqlite` of the benchmarks, checked. */
export function devSources(list: string): DevSourceId[] {
  const ids = list.split(',').map((s) => s.trim());
  for (const id of ids) if (!(id in DEV_SOURCES)) throw new Error(`unknown development source ${id} (${Object.keys(DEV_SOURCES).join(', ')})`);
  return ids as DevSourceId[];
}

/** Whether at least half of the evidence sentence's content stems, less the question's, survive in `text`. */
export function evidenceKept(text: string, evidence: string, question: string): boolean {
  const asked = contentStems(question);
  const all = [...contentStems(evidence)];
  const target = all.filter((s) => !asked.has(s));
  const stems = target.length >= 2 ? target : all;
  if (stems.length === 0) return true;
  const kept = contentStems(text);
  return stems.filter((s) => kept.has(s)).length >= stems.length / 2;
}
