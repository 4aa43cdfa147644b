import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readSpec, SPEC_PATH, specDigest } from '../../server/project/openapi-spec.js';

const dir = mkdtempSync(path.join(tmpdir(), 'crema-spec-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const yamlFile = path.join(dir, 'openapi.yaml');
const builtFile = path.join(dir, 'openapi.json');
const YAML = 'openapi: 3.1.0\ninfo:\n  title: from the yaml\n  version: "1"\npaths: {}\n';
writeFileSync(yamlFile, YAML);
const built = (sha256: string) => writeFileSync(builtFile, JSON.stringify({ sha256, spec: { openapi: '3.1.0', info: { title: 'from the build', version: '1' }, paths: {} } }));

describe('readSpec', () => {
  it('reads the built JSON when it was built from this YAML', () => {
    built(specDigest(YAML));
    expect(readSpec(yamlFile, builtFile).info.title).toBe('from the build');
  });

  it('parses the YAML when the build is stale or missing', () => {
    built(specDigest(`${YAML}# edited since\n`));
    expect(readSpec(yamlFile, builtFile).info.title).toBe('from the yaml');
    rmSync(builtFile);
    expect(readSpec(yamlFile, builtFile).info.title).toBe('from the yaml');
  });

  it('loses nothing of openapi.yaml through JSON (what the build writes)', () => {
    const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as unknown;
    expect(JSON.parse(JSON.stringify(spec))).toStrictEqual(spec);
  });
});
