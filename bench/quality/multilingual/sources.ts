/**
 * Paragraphs of real translated documentation per language, from Debian packages any machine can
 * fetch (`apt-get download`, `dpkg-deb -x`; no root needed): the Linux man pages and their
 * translations (manpages, manpages-de/-es/-fr/-ja/-ru/-zh), LibreOffice's Hindi help
 * (libreoffice-help-hi: Debian ships no Hindi man pages) and Firefox's Arabic language pack
 * (firefox-esr-l10n-ar: no Arabic man pages or help either; its Fluent messages are UI prose).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'ru', 'zh', 'ja', 'ar', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

const PACKAGES: Record<Language, string> = {
  en: 'manpages',
  de: 'manpages-de',
  es: 'manpages-es',
  fr: 'manpages-fr',
  ru: 'manpages-ru',
  zh: 'manpages-zh',
  ja: 'manpages-ja',
  ar: 'firefox-esr-l10n-ar',
  hi: 'libreoffice-help-hi',
};

/** Downloads and unpacks the language's package under `dir` unless it is there already; returns the unpacked root. */
export function unpacked(dir: string, lang: Language): string {
  const pkg = PACKAGES[lang];
  const root = path.join(dir, pkg);
  if (existsSync(root)) return root;
  mkdirSync(dir, { recursive: true });
  const deb = () => readdirSync(dir).find((f) => f.startsWith(`${pkg}_`) && f.endsWith('.deb'));
  if (!deb()) execFileSync('apt-get', ['download', pkg], { cwd: dir, stdio: 'inherit' });
  execFileSync('dpkg-deb', ['-x', path.join(dir, deb()!), root]);
  return root;
}

function filesUnder(dir: string, keep: (f: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const f = path.join(dir, name);
    if (statSync(f).isDirectory()) out.push(...filesUnder(f, keep));
    else if (keep(f)) out.push(f);
  }
  return out;
}

const MAN_DIR: Record<string, string> = { en: '', de: 'de', es: 'es', fr: 'fr', ru: 'ru', zh: 'zh_CN', ja: 'ja' };

/** Each filled paragraph of a man page, rendered by groff on one long line. */
function manParagraphs(file: string): string[] {
  let source = gunzipSync(readFileSync(file)).toString('utf8');
  if (/^\.so /mu.test(source) && source.split('\n').length < 3) return [];
  source = source.replace(/^\.(?:TH|so) .*$/gmu, (l) => (l.startsWith('.TH') ? l : ''));
  let text: string;
  try {
    text = execFileSync('groff', ['-k', '-man', '-Tutf8', '-rLL=5000n', '-P-cbou'], { input: source, stdio: ['pipe', 'pipe', 'ignore'], maxBuffer: 64 << 20 }).toString('utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((l) => l.trim().replace(/\s+/gu, ' '))
    .filter((l) => l.length > 0);
}

/** Consecutive short texts joined into paragraphs of 250+ characters (help and UI texts come a sentence or two at a time). */
function joined(texts: string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const t of texts) {
    current = current ? `${current} ${t}` : t;
    if (current.length >= 250) {
      out.push(current);
      current = '';
    }
  }
  return out;
}

/** The Hindi `<p>`s of a LibreOffice help page (many pages are partly untranslated), joined into paragraphs. */
function helpParagraphs(file: string): string[] {
  const html = readFileSync(file, 'utf8');
  const texts = [...html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gu)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/gu, '')
      .replace(/&nbsp;/gu, ' ')
      .replace(/&amp;/gu, '&')
      .replace(/&lt;/gu, '<')
      .replace(/&gt;/gu, '>')
      .replace(/&quot;/gu, '"')
      .replace(/\s+/gu, ' ')
      .trim(),
  );
  return joined(texts.filter((t) => /\p{Script=Devanagari}/u.test(t) && !texts.includes(t, texts.indexOf(t) + 1)));
}

/** Fluent messages of one .ftl file, markup and placeables removed, consecutive ones joined into paragraphs of 250+ characters. */
function fluentParagraphs(file: string): string[] {
  const values = [...readFileSync(file, 'utf8').matchAll(/^[a-z][\w-]* = (.+)$/gmu)]
    .map((m) =>
      m[1]!
        .replace(/<[^>]+>/gu, '')
        .replace(/\{[^}]*\}/gu, '')
        .replace(/\s+/gu, ' ')
        .trim(),
    )
    .filter((v) => v.length >= 25 && /\p{Script=Arabic}/u.test(v));
  return joined(values);
}

/** Candidate paragraphs of a language, grouped by the document they come from, in a fixed order. */
export function documents(root: string, lang: Language): string[][] {
  if (lang === 'hi') return filesUnder(path.join(root, 'usr/share/libreoffice/help/hi/text'), (f) => f.endsWith('.html')).map(helpParagraphs);
  if (lang === 'ar') return filesUnder(root, (f) => f.endsWith('.xpi')).flatMap((xpi) => {
    const out = path.join(path.dirname(xpi), 'xpi');
    if (!existsSync(out)) execFileSync('unzip', ['-q', '-o', xpi, '-d', out]);
    return filesUnder(out, (f) => f.endsWith('.ftl')).map(fluentParagraphs);
  });
  const manRoot = path.join(root, 'usr/share/man', MAN_DIR[lang]!);
  return filesUnder(manRoot, (f) => /\/man[1-8]\/[^/]+\.gz$/u.test(f)).map(manParagraphs);
}
