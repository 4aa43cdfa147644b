import type { FamilyId } from '../catalog/families.js';

/** A short example input a client (or the dashboard) can offer to try a family: the reference's `SampleText`. */
export interface SampleText {
  name: string;
  text: string;
}

/**
 * Sample inputs per family, served by the `/models` listings as the reference's `sample_texts`.
 * Partial: a family added to the catalog before its samples lists none rather than failing.
 */
const SAMPLE_TEXTS: Readonly<Partial<Record<FamilyId, readonly SampleText[]>>> = {
  'question-specific': [
    {
      name: 'Return policy (ask: how long do I have to return shoes?)',
      text:
        'Our stores are open every day from 9 am to 8 pm, except on public holidays.\n\n' +
        'Unworn shoes and clothing may be returned within 30 days of purchase with the original receipt. ' +
        'Sale items can be exchanged but not refunded.\n\n' +
        'Gift cards never expire and can be used online or in any store.',
    },
    {
      name: 'Release notes (ask: which version fixed the memory leak?)',
      text:
        'Version 2.3.0 adds dark mode and a keyboard shortcut editor.\n\n' +
        'Version 2.3.1 fixes a memory leak in the image cache that grew by about 40 MB an hour on long sessions.\n\n' +
        'Version 2.4.0 drops support for Windows 8.1 and updates the bundled fonts.',
    },
  ],
  'question-agnostic': [
    {
      name: 'Meeting notes',
      text:
        'The team met on Tuesday to review the third-quarter roadmap. Maria reported that the billing migration ' +
        'is two weeks behind because the payment provider changed its webhook format. The group agreed to move ' +
        'the mobile redesign to October and to hire one more backend engineer before the end of the month.',
    },
  ],
  markdown: [
    {
      name: 'README section',
      text:
        '## Installation\n\nThe package needs Node.js 20 or later. Install it from the registry, which also ' +
        'pulls in the optional native bindings when your platform has a prebuilt binary for them.\n\n' +
        '```sh\nnpm install example-lib\n```\n\n' +
        '| option | default |\n| --- | --- |\n| `timeout` | 30 s |\n| `retries` | 3 |\n',
    },
  ],
  history: [
    {
      name: 'Support chat',
      text:
        'user: Hi, my order #48213 has not arrived yet.\n' +
        'assistant: Sorry to hear that. I can see it left our warehouse on Monday and is with the courier.\n' +
        'user: The tracking page has said "in transit" for four days.\n' +
        'assistant: I have opened a trace with the courier; they usually answer within 24 hours.\n' +
        'user: Can you send a replacement instead?',
    },
  ],
  'tool-output': [
    {
      name: 'Test runner log',
      text:
        'PASS src/cart.test.ts (12 tests)\nPASS src/price.test.ts (8 tests)\n' +
        'FAIL src/checkout.test.ts\n  ● checkout › applies the discount code\n' +
        '    Expected total: 90.00\n    Received total: 100.00\n' +
        'Tests: 1 failed, 20 passed, 21 total\nTime: 3.42 s',
    },
    {
      name: 'Search API JSON',
      text: JSON.stringify({
        total: 3,
        results: [
          { id: 'doc-17', title: 'Rotating API keys', score: 0.92, updated: '2026-10-02' },
          { id: 'doc-4', title: 'Key scopes and budgets', score: 0.71, updated: '2026-08-19' },
          { id: 'doc-33', title: 'Billing FAQ', score: 0.35, updated: '2026-05-30' },
        ],
      }),
    },
  ],
  'tool-discovery': [
    {
      name: 'Agent tools (ask: will it rain in Lisbon tomorrow?)',
      text: JSON.stringify([
        { name: 'get_weather', description: 'Current weather and forecast for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
        { name: 'send_email', description: 'Send an email to one or more recipients.', parameters: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } } } },
        { name: 'create_issue', description: 'Create an issue in a GitHub repository.', parameters: { type: 'object', properties: { repo: { type: 'string' }, title: { type: 'string' } } } },
      ]),
    },
  ],
};

/** The samples of one family (none when it has no entry yet). */
export function sampleTextsFor(family: FamilyId): SampleText[] {
  return [...(SAMPLE_TEXTS[family] ?? [])];
}
