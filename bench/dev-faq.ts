import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { contentStems, type SquadSet } from './squad.js';

/**
 * The development set: questions of the Debian FAQ (Debian package `debian-faq`), a source that
 * no model was ever trained on (scripts/corpus/DATA_CARD.md) and that is not a test set, so
 * weights and thresholds are chosen here and SQuAD only reports. Each answer's opening (whole
 * sentences up to ~120 words) is one document; a question's evidence is the first sentence of its
 * answer, and it counts as kept when most of that sentence's content stems (those the question
 * does not already name) survive.
 */
const CACHE = path.resolve('.cache/dev');
const FAQ_FILE = 'usr/share/doc/debian/FAQ/debian-faq.en.txt.gz';
const DOC_WORDS = 120;
const SENTENCE = /(?<=[.!?])\s+(?=[A-Z0-9"'(\[])/u;

/** The FAQ text, downloaded with `apt-get download` and unpacked into .cache/dev on first use. */
function faqText(): string {
  const file = path.join(CACHE, 'x', FAQ_FILE);
  if (!existsSync(file)) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync('apt-get', ['download', 'debian-faq'], { cwd: CACHE, stdio: 'ignore' });
    const deb = readdirSync(CACHE).find((f) => f.startsWith('debian-faq_') && f.endsWith('.deb'));
    if (!deb) throw new Error('apt-get download debian-faq gave no package');
    execFileSync('dpkg-deb', ['-x', deb, 'x'], { cwd: CACHE });
  }
  return gunzipSync(readFileSync(file)).toString('utf8');
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
export function loadDevFaq(): SquadSet {
  const set: SquadSet = { paragraphs: [], items: [] };
  for (const { question, answer } of parseFaq(faqText())) {
    const doc = opening(answer);
    if (doc.split(' ').length < 15) continue;
    const gold = set.paragraphs.push(doc) - 1;
    set.items.push({ question, answers: [doc.split(SENTENCE)[0]!], gold });
  }
  return set;
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
