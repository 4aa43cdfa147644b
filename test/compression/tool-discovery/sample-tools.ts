/**
 * A small, hand-written tool set in the hosted API's shape (names and schemas as MCP servers and
 * function-calling agents write them), with queries that name a tool's words and paraphrases
 * that share no content word with the needed tool's definition.
 */
export const SAMPLE_TOOLS = [
  { name: 'create_issue', description: 'Create a new issue in a GitHub repository.', parameters: { type: 'object', properties: { owner: { type: 'string', description: 'Repository owner' }, repo: { type: 'string', description: 'Repository name' }, title: { type: 'string' }, body: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } }, required: ['owner', 'repo', 'title'] } },
  { name: 'list_pull_requests', description: 'List pull requests of a GitHub repository, filtered by state.', parameters: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' }, state: { type: 'string', enum: ['open', 'closed', 'all'] } } } },
  { name: 'get_weather', description: 'Get the current weather for a city: temperature, wind and conditions.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name' }, units: { type: 'string', enum: ['metric', 'imperial'] } }, required: ['city'] } },
  { name: 'send_email', description: 'Send an email message to one or more recipients.', parameters: { type: 'object', properties: { to: { type: 'array', items: { type: 'string' }, description: 'Recipient addresses' }, subject: { type: 'string' }, body: { type: 'string', description: 'Plain-text body' } } } },
  { name: 'readFile', description: 'Read the complete contents of a file from the file system.', parameters: { type: 'object', properties: { path: { type: 'string', description: 'Path of the file' } } } },
  { name: 'write_file', description: 'Create a new file or overwrite an existing file with new content.', parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } } } },
  { name: 'search_web', description: 'Search the web and return the top results with titles, links and snippets.', parameters: { type: 'object', properties: { query: { type: 'string', description: 'Search terms' }, count: { type: 'integer' } } } },
  { name: 'calendar.create_event', description: 'Schedule an event on the user\'s calendar with a start time, end time and attendees.', parameters: { type: 'object', properties: { title: { type: 'string' }, start: { type: 'string', description: 'Start time, ISO 8601' }, end: { type: 'string' }, attendees: { type: 'array', items: { type: 'string' } } } } },
  { name: 'translate_text', description: 'Translate text from one language into another.', parameters: { type: 'object', properties: { text: { type: 'string' }, target_language: { type: 'string', description: 'Language code, e.g. fr' } } } },
  { name: 'run_sql_query', description: 'Run a read-only SQL query against the analytics database and return the rows.', parameters: { type: 'object', properties: { sql: { type: 'string' } } } },
  { name: 'get_stock_price', description: 'Latest trading price of a stock by ticker symbol.', parameters: { type: 'object', properties: { ticker: { type: 'string' } } } },
  { name: 'convert_currency', description: 'Convert an amount of money between currencies at today\'s exchange rate.', parameters: { type: 'object', properties: { amount: { type: 'number' }, from: { type: 'string' }, to: { type: 'string' } } } },
  { name: 'slack_post_message', description: 'Post a message to a Slack channel.', parameters: { type: 'object', properties: { channel: { type: 'string' }, text: { type: 'string' } } } },
  { name: 'take_screenshot', description: 'Capture an image of the current browser page.', parameters: { type: 'object', properties: { fullPage: { type: 'boolean' } } } },
  { name: 'navigate', description: 'Open a URL in the browser.', parameters: { type: 'object', properties: { url: { type: 'string' } } } },
  { name: 'kubectl_get_pods', description: 'List the pods of a Kubernetes namespace with their status.', parameters: { type: 'object', properties: { namespace: { type: 'string' } } } },
  { name: 'create_invoice', description: 'Create an invoice for a customer with line items and a due date.', parameters: { type: 'object', properties: { customer_id: { type: 'string' }, items: { type: 'array', items: { type: 'object', properties: { description: { type: 'string' }, amount: { type: 'number' } } } }, due_date: { type: 'string' } } } },
  { name: 'delete_file', description: 'Remove a file from the file system.', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'get_directions', description: 'Route between two places by car, bike or on foot, with distance and travel time.', parameters: { type: 'object', properties: { origin: { type: 'string' }, destination: { type: 'string' }, mode: { type: 'string', enum: ['driving', 'cycling', 'walking'] } } } },
  { name: 'set_reminder', description: 'Remind the user of something at a given time.', parameters: { type: 'object', properties: { text: { type: 'string' }, at: { type: 'string', description: 'When, ISO 8601' } } } },
] as const;

/** Queries that name the needed tool's words. */
export const LITERAL_QUERIES: ReadonlyArray<{ query: string; tool: string }> = [
  { query: 'open an issue in the repository about the broken login', tool: 'create_issue' },
  { query: 'what is the weather in Paris right now?', tool: 'get_weather' },
  { query: 'send an email to the team with the release notes', tool: 'send_email' },
  { query: 'read the file config.yaml', tool: 'readFile' },
  { query: 'translate this paragraph into German', tool: 'translate_text' },
  { query: 'post a message in the #deploys Slack channel', tool: 'slack_post_message' },
  { query: 'list the open pull requests', tool: 'list_pull_requests' },
  { query: 'convert 200 dollars into euros', tool: 'convert_currency' },
  { query: 'which pods are running in the staging namespace?', tool: 'kubectl_get_pods' },
  { query: 'schedule a meeting with Ana tomorrow at 10', tool: 'calendar.create_event' },
];

/** Paraphrases: no content word shared with the needed tool's name, description or parameters. */
export const PARAPHRASE_QUERIES: ReadonlyArray<{ query: string; tool: string }> = [
  { query: 'will it rain in Lisbon this afternoon?', tool: 'get_weather' },
  { query: 'how much are Apple shares worth today?', tool: 'get_stock_price' },
  { query: 'bill Acme for the consulting work, payable in 30 days', tool: 'create_invoice' },
  { query: 'how long does it take to cycle to the airport?', tool: 'get_directions' },
  { query: 'ping me at 5 pm to call mom', tool: 'set_reminder' },
];
