/**
 * Short forms common in tool names and in agents' requests ("org", "db", "PR", "VM"), with the
 * words they stand for: WordNet and the word vectors know the long forms only, so a query's
 * "company" can reach `remove_org_member` through "organization". Taken from the name words of
 * real MCP tool lists (bench/data/tools) and common engineering usage, not from the queries.
 */
const SHORT: Record<string, string> = {
  db: 'database',
  org: 'organization',
  orgs: 'organizations',
  repo: 'repository',
  repos: 'repositories',
  pr: 'pull request',
  prs: 'pull requests',
  mr: 'merge request',
  ci: 'continuous integration build',
  vm: 'virtual machine server',
  vms: 'virtual machines servers',
  dns: 'domain name',
  ip: 'address',
  lb: 'load balancer',
  vpc: 'private network',
  cdn: 'content delivery network',
  nfs: 'network file share',
  k8s: 'kubernetes cluster',
  doks: 'kubernetes cluster',
  docr: 'container registry',
  genai: 'ai',
  eval: 'evaluation',
  info: 'information',
  init: 'initialize start',
  dir: 'directory',
  env: 'environment',
  config: 'configuration',
  msg: 'message',
  auth: 'authentication',
  img: 'image',
  doc: 'document',
  docs: 'documentation',
  kb: 'knowledge base',
  fwd: 'forward',
  url: 'address link',
  repl: 'interactive shell',
};

/** The long-form words of the short forms among `words` (none for a word that is no short form). */
export function longForms(words: Iterable<string>): string[] {
  const out: string[] = [];
  for (const w of words) {
    const long = SHORT[w];
    if (long) out.push(...long.split(' '));
  }
  return out;
}
