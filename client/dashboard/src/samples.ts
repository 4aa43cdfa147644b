import type { Family } from './families.js';

/** Small starting inputs, one per family, so a first try needs no typing (the model runs on CPU). */
export const SAMPLES: Record<Family, { context: string; query: string; toolName: string; messages: string }> = {
  'question-specific': {
    context: [
      'The Eiffel Tower was completed in 1889 for the World Fair in Paris. It is 330 metres tall.',
      'Paris has about two million inhabitants and is the capital of France.',
      'The Louvre is the most visited museum in the world; it holds the Mona Lisa.',
      'Croissants became popular in Paris bakeries during the nineteenth century.',
    ].join('\n\n'),
    query: 'When was the Eiffel Tower completed?',
    toolName: '',
    messages: '',
  },
  'question-agnostic': {
    context:
      'Our quarterly report shows revenue rose 12% to $4.2 million. Most of the growth came from the new subscription plan, which now has 3,100 customers. Costs rose 5%, mainly hosting. The team grew from 14 to 17 people. We plan to open an office in Lisbon next spring.',
    query: '',
    toolName: '',
    messages: '',
  },
  markdown: {
    context: '# Install\n\nRun `npm ci` in the repository root. This installs every dependency, including the compression models, and takes about a minute on a laptop.\n\n## Start\n\nRun `npm start`; the server listens on port 8080 and opens the dashboard at /dashboard.\n',
    query: '',
    toolName: '',
    messages: '',
  },
  history: {
    context: '',
    query: '',
    toolName: '',
    messages: JSON.stringify(
      [
        { role: 'user', content: 'I am planning a trip to Lisbon in May. What should I pack? I will stay for a week and want to walk a lot.' },
        { role: 'assistant', content: 'Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river.' },
        { role: 'user', content: 'Which neighbourhood is best to stay in?' },
        { role: 'assistant', content: 'Baixa and Chiado are central and flat; Alfama is charming but hilly.' },
      ],
      null,
      2,
    ),
  },
  'tool-output': {
    context: '',
    query: 'Which test failed?',
    toolName: 'run_tests',
    messages: '',
  },
  'tool-discovery': {
    context: '',
    query: 'Will it rain in Lisbon tomorrow?',
    toolName: '',
    messages: '',
  },
};

/** Tool definitions for the tool-discovery sample, in the hosted API's shape. */
export const TOOLS_SAMPLE = JSON.stringify(
  [
    { name: 'get_weather', description: 'Current weather and forecast for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
    { name: 'send_email', description: 'Send an email to one or more recipients.', parameters: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } } } },
    { name: 'create_issue', description: 'Create an issue in a GitHub repository.', parameters: { type: 'object', properties: { repo: { type: 'string' }, title: { type: 'string' } } } },
    { name: 'read_file', description: 'Read a file from the workspace.', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
    { name: 'get_directions', description: 'Route between two places with travel time.', parameters: { type: 'object', properties: { origin: { type: 'string' }, destination: { type: 'string' } } } },
  ],
  null,
  2,
);

export const TOOL_OUTPUT_SAMPLE = [
  '2026-11-24 10:00:01 INFO starting test run',
  '2026-11-24 10:00:02 INFO test auth: passed',
  '2026-11-24 10:00:02 INFO test auth: passed',
  '2026-11-24 10:00:03 INFO test keys: passed',
  '2026-11-24 10:00:04 ERROR test usage: expected 3 requests, got 2',
  '2026-11-24 10:00:05 INFO test ledger: passed',
  '2026-11-24 10:00:06 INFO finished: 4 passed, 1 failed',
].join('\n');
