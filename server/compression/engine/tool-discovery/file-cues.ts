/**
 * What a file name in a query says about the tool it needs: "scan.png" asks for a tool that
 * reads images, "notes.txt" one that reads text, though no tool names the extension. The kind's
 * words join the query's terms; the extension itself stays one too.
 */
const KINDS: ReadonlyArray<readonly [string, string]> = [
  ['png jpg jpeg gif webp bmp svg tif tiff ico heic', 'image'],
  ['mp3 wav ogg flac m4a aac', 'audio'],
  ['mp4 mov avi mkv webm', 'video'],
  ['pdf doc docx odt rtf', 'document'],
  ['txt md markdown log rst', 'text'],
  ['csv tsv xls xlsx ods', 'spreadsheet table'],
  ['zip tar gz tgz bz2 7z rar', 'archive'],
];

const BY_EXTENSION = new Map(KINDS.flatMap(([exts, words]) => exts.split(' ').map((e) => [e, words.split(' ')] as const)));

/** A name's extension: letters after a dot that follows a name character or `*` ("scan.png", "*.csv"). */
const EXTENSION = /[\p{L}\p{N}_*-]\.([a-z][a-z0-9]{0,8})\b/giu;

/** The words of the kinds of file the query names, each once, in query order. */
export function fileCueWords(query: string): string[] {
  const out = new Set<string>();
  for (const m of query.matchAll(EXTENSION)) for (const w of BY_EXTENSION.get(m[1]!.toLowerCase()) ?? []) out.add(w);
  return [...out];
}
