// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.
export interface paths {
    "/api/compress/question-specific/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress one context for a query
         * @description Keeps the spans of `context` that carry signal for `query` and drops the rest.
         *     Units are paragraphs when `coarse=true` (the default) and words otherwise; kept units
         *     stay in their original order, with `[...]` between non-adjacent kept spans unless
         *     `disable_placeholders=true`. A null or empty `context` gives an empty, unbilled result.
         *     `dynamic*` fields are accepted by `latte_v2` only (422 `validation_error` on `latte_v1`).
         */
        post: operations["questionSpecificCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-specific/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress 1 to 100 (context, query) rows
         * @description Every row uses the same model and parameters. Results come back in input order with
         *     totals. Rows with a null or empty `context` return an empty result and are not billed.
         *     The batch counts as one request against request quotas and its full token volume
         *     against token quotas.
         */
        post: operations["questionSpecificBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-specific/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress one context for a query, as Server-Sent Events
         * @description Same request as the single route. The response is `text/event-stream`; each frame is
         *     `data: <StreamEvent JSON>`. Currently the whole output arrives in one event with
         *     `done=true`, then the stream closes; clients concatenate `content` across events.
         *     Failures after the stream opened (including the 120-second budget) arrive as one event
         *     with `error` set, then the stream closes. The stream carries no token accounting.
         */
        post: operations["questionSpecificStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-specific/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the question-specific family */
        get: operations["questionSpecificHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-specific/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of the question-specific family */
        get: operations["questionSpecificListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-specific/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the question-specific family */
        get: operations["questionSpecificGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress one context without a query
         * @description Keeps the most informative spans of `context` as scored by `espresso_v1` (numbers, names, dates, identifiers and negations first; filler goes). No question is taken: a `query` field is a 422 `validation_error` (use the question-specific family), other unknown fields are ignored. A null or empty `context` gives an empty, unbilled result.
         */
        post: operations["questionAgnosticCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Batch form of the question-agnostic family
         * @description Compresses 1 to 100 contexts with the same model and parameters. Results come back in input order with totals; rows with a null or empty `context` are free. The batch counts as one request against request quotas and its full token volume against token quotas.
         */
        post: operations["questionAgnosticBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stream form of the question-agnostic family (Server-Sent Events)
         * @description Same request as the single route. Frames are `data: <StreamEvent>`; the whole output currently arrives in one event with `done=true`. Failures after the stream opened arrive as one `error` event. No token accounting is sent.
         */
        post: operations["questionAgnosticStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the question-agnostic family */
        get: operations["questionAgnosticHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of the question-agnostic family */
        get: operations["questionAgnosticListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/question-agnostic/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the question-agnostic family */
        get: operations["questionAgnosticGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress a markdown document, keeping its structure
         * @description The document is parsed (CommonMark + GFM + front matter) and its structure kept verbatim while prose shrinks with `espresso_v1` scoring: every heading line stays, in order; front matter, thematic breaks, link reference definitions and each table's header and separator rows stay at every ratio; list items keep their indentation and bullet or number; table rows are kept or dropped whole; a fenced code block is kept whole, shortened inside its fences (its first lines and a `[...]` line; blocks of three or more lines when larger than their share of the target, any top-level block of two or more lines when it does not fit whole), or dropped whole behind one `[...]` line; links, images and inline code survive whole or not at all. When the structure alone exceeds the target, the output is the structure. `markdown_v1` is the model recorded in usage. A `query` field is a 422 `validation_error`. A null or empty `context` gives an empty, unbilled result.
         */
        post: operations["markdownCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Batch form of the markdown family
         * @description Compresses 1 to 100 markdown documents with the same model and parameters. Results come back in input order with totals; rows with a null or empty `context` are free. The batch counts as one request against request quotas and its full token volume against token quotas.
         */
        post: operations["markdownBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stream form of the markdown family (Server-Sent Events)
         * @description Same request as the single route. Frames are `data: <StreamEvent>`; the whole output currently arrives in one event with `done=true`. Failures after the stream opened arrive as one `error` event. No token accounting is sent.
         */
        post: operations["markdownStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the markdown family */
        get: operations["markdownHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of the markdown family */
        get: operations["markdownListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/markdown/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the markdown family */
        get: operations["markdownGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress a chat transcript
         * @description Wire-compatible with the hosted API's history route (`compression_model_name` optional, default `hcc_latte_v1`). System messages and the last `keep_recent` messages stay verbatim. The older turns share one token budget (the ratio applies to them; default 0.3) and are compressed towards `query` when given, by information otherwise, so the turns that matter keep more; a turn with nothing kept becomes `[...]`. Tool messages whose content is JSON are compressed as tool output and stay valid JSON. The compressed older turns are returned as `summary` (one `role: content` line per turn) and `messages` is the ready-to-send list: system message(s), one `user` message carrying `summary`, the recent turns verbatim (with their `name` and `tool_call_id`). `compression_ratio` is the Nx factor (original / compressed tokens); `actual_compression_ratio` the fraction removed. Token counts cover message contents.
         */
        post: operations["historyCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Batch form of the history family
         * @description The hosted API's batch body: `{inputs: [<a whole single request>]}`, 1 to 100 transcripts, each with its own model and options (top-level options, a crema extension, are defaults for inputs that omit them). Results come in input order, with totals. Empty transcripts are free. Metering: inputs are grouped by canonical model (aliases resolve first); each group is one usage row at its model's price and one request plus its token volume against that model's quotas (quotas are per model), all groups' holds are taken before the result is returned, and a refused hold or quota for any group fails the whole batch with nothing charged.
         */
        post: operations["historyBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stream form of the history family (Server-Sent Events)
         * @description Same request as the single route. Frames are `data: <StreamEvent>`; the whole output currently arrives in one event with `done=true`. Failures after the stream opened arrive as one `error` event. The `content` is the `summary` text. No token accounting is sent.
         */
        post: operations["historyStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the history family */
        get: operations["historyHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of the history family */
        get: operations["historyListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/history/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the history family */
        get: operations["historyGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress the output of a tool call
         * @description Detects JSON, logs, tables and plain text per string. JSON: the output always parses as JSON (compact); arrays of records (objects or arrays) keep whole records, those holding the query's words first, and mark each run of left-out records where it was with a `"...N items"` string; other arrays keep their most relevant items in order and end with a `"[... N more items]"` string when trimmed; a structure keeps at least one value; objects keep the keys the query names and, when keys are dropped, end with `"_omitted": N`; long strings are shortened and marked with `[...]`. Logs (npm and its debug log, pino and other JSON lines, syslog, compiler output and any timestamped or levelled lines): consecutive identical lines collapse into one with a `[repeated N times]` count; 3 or more lines equal but for up to 3 numbers collapse into one line showing each number's range (`in {2..5} ms [5 lines like this]`), other runs equal but for numbers and ids into their first line, a `[... N similar lines]` count and their last line; error, warning, fatal and stack-trace lines are kept first, whole (when they alone exceed the budget, the first and the last of them, the rest counted); runs of dropped lines become one `[... N lines]` line that also counts the error lines among them. Tables (CSV, TSV, markdown, aligned columns such as `dpkg -l`): the header stays, rows are kept whole, rows naming the query's words first, and a final `[... N more rows]` line counts the dropped ones. Line endings are kept (CRLF stays CRLF). Anything else is compressed as text. `tool_output` may be a string or an array of strings; the result has the same shape. Query-aware models (`toc_latte_v1`, `toc_latte_v2`, aliases `toc_latte`, `agentic_tool_output_gemfilter`) require `query`; query-free ones (`toc_americano_v1`, aliases `toc_americano`, `agentic_tool_output_lingua`) forbid it (422 `validation_error`). Default ratio 0.5. `compression_ratio` is the Nx factor (original / compressed tokens), as the hosted API's SDKs read it.
         */
        post: operations["toolOutputCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Batch form of the tool-output family
         * @description The hosted API's batch body: `{inputs: [<a whole single request>]}`, 1 to 100 tool outputs, each with its own model and options (top-level options, a crema extension, are defaults for inputs that omit them). Results come in input order, with totals. Empty outputs are free. Metering: inputs are grouped by canonical model (aliases resolve first); each group is one usage row at its model's price and one request plus its token volume against that model's quotas (quotas are per model), all groups' holds are taken before the result is returned, and a refused hold or quota for any group fails the whole batch with nothing charged.
         */
        post: operations["toolOutputBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stream form of the tool-output family (Server-Sent Events)
         * @description Same request as the single route. Frames are `data: <StreamEvent>`; the whole output currently arrives in one event with `done=true`. Failures after the stream opened arrive as one `error` event. The `content` is the compressed output, or the JSON text of the array when `tool_output` was an array. No token accounting is sent.
         */
        post: operations["toolOutputStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the tool-output family */
        get: operations["toolOutputHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Models of the tool-output family */
        get: operations["toolOutputListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-output/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the tool-output family */
        get: operations["toolOutputGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pick the tools a query needs from a list of tool definitions
         * @description Ranks `tools` against `query` and answers the names of the relevant ones (at most `max_tools`, default 5, 1 to 50), most relevant first. Each tool is read as its name (split on `_`, `.`, `-` and camelCase), its description and its parameters' names and descriptions; the score blends BM25 over the tools (stems, plus word-vector and WordNet neighbours for query words no tool uses), a word-vector similarity of the query to the tool's words, and the latte_v2 network's reading of the tool's words against the query. Tools named in `always_keep` come first, in the order given, and count toward `max_tools`; unknown names there are ignored. Fewer than `max_tools` are answered when the rest are clearly irrelevant: a tool is kept only when its score is at least 0.35 of the best tool's (the best is always kept). Equal scores keep the order of definition, so the same request always answers the same list. `reasoning` has one line per answered tool naming the query words (or the related words) that matched. Tools may be sent as `{name, description, parameters}` (the hosted API's shape), OpenAI's `{type: "function", function: {name, description, parameters}}`, Anthropic's `{name, description, input_schema}` or MCP's `{name, description, inputSchema}`; the answer is always names. Billed input tokens are the o200k tokens of the tool definitions as sent (their JSON) plus the query's; `original_tokens` counts the definitions, `compressed_tokens` those of the answered tools. Models: `tdc_coldbrew_v1` and its aliases `tdc_espresso` and `agentic_tool_discovery_sat`.
         */
        post: operations["toolDiscoveryCompress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Batch form of the tool-discovery family
         * @description The hosted API's batch body: `{inputs: [<a whole single request>]}`, 1 to 100 requests, each with its own query, tools, model and options. Results come in input order, with token totals. Metering as every batch: inputs are grouped by canonical model, each group is one usage row and one request plus its token volume against that model's quotas; a refused hold or quota fails the whole batch with nothing charged.
         */
        post: operations["toolDiscoveryBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stream form of the tool-discovery family (Server-Sent Events)
         * @description Same request as the single route. Frames are `data: <StreamEvent>`; the whole answer arrives in one event with `done=true`, its `content` the answered tool names, one per line, most relevant first. Failures after the stream opened arrive as one `error` event. No token accounting is sent.
         */
        post: operations["toolDiscoveryStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the tool-discovery family */
        get: operations["toolDiscoveryHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models of the tool-discovery family
         * @description The listing every family answers; the model options are also under `discovery_models`, where the hosted API's agent gateway reads them.
         */
        get: operations["toolDiscoveryListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/tool-discovery/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model of the tool-discovery family */
        get: operations["toolDiscoveryGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models of every family, optionally of one
         * @description The reference's model listing across families: `sample_texts` and `compression_models`
         *     (its `DemoData`), with crema's full model records in `models`. `model_type` filters to
         *     one family: a family id (`question-specific`, `history`, ...), underscores accepted
         *     (`tool_output`), and `query-specific` for question-specific. A value that names no
         *     family gives an empty list.
         */
        get: operations["compressListModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/compress/models/{model_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One model, of any family */
        get: operations["compressGetModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pricing/compression-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every model with its price
         * @description The reference's pricing list (`CompressionModelsResponse`): one entry per model, `input_price_per_1m` in USD per 1M original tokens; `min_tier` is null (every tier may call every model).
         */
        get: operations["pricingCompressionModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count the tokens of a text
         * @description `o200k_base` count of `prompt` (1 to 100,000 characters), the encoding crema bills in,
         *     whatever `model` names (it is echoed back). No key needed; the route has the cost
         *     estimate's per-IP rate limit (429 with `Retry-After`).
         */
        post: operations["tokensCount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What this server is
         * @description JSON for API clients (the reference's root health check). A browser (an `Accept`
         *     header that prefers `text/html`) is redirected to the dashboard at `/dashboard/` instead.
         */
        get: operations["serviceRoot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers as long as the process serves HTTP; touches no database, Redis or model, so it stays fast for a load balancer.
         */
        get: operations["serviceHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness
         * @description 200 once the engine has loaded the bundled model weights and run each network once (the
         *     server starts at start-up); 503 with `Retry-After` while they load, when loading failed,
         *     and from the first SIGTERM or SIGINT on while the server drains (`stopping`). Send
         *     traffic to a replica only when this answers 200: its first requests then pay no load time.
         */
        get: operations["serviceReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/deep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every dependency, checked now
         * @description Runs `select 1` on the database, reads the Redis connection's state and checks every
         *     bundled network's files and whether the engine has loaded them. 503 with `Retry-After`
         *     when one is down. The reference's `include_stripe` and `include_compression` are
         *     accepted; crema has no Stripe and always checks the models.
         */
        get: operations["serviceDeepHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/circuits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which dependencies are open (failing)
         * @description What crema last saw of each dependency, without new I/O: the database (its last health
         *     check), Redis (the connection's state; without `REDIS_URL` counters are in memory and it
         *     is never open) and the engine (its model loading). `open` lists those failing now. The
         *     reference restricts this route to support staff; crema's family `/health` routes already
         *     show the same states publicly, so it needs no credential.
         */
        get: operations["serviceCircuits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and open a session
         * @description Creates an account with an email and a password (stored as an scrypt hash) and returns
         *     an opaque bearer session token, shown once. Only the account whose email equals the
         *     server's `ADMIN_EMAIL` becomes `admin` (the first stranger to sign up does not); every
         *     other account is `user`. Every account starts with $10.00 of credit. A server started with
         *     `SIGNUP=closed` answers 403 `forbidden` to every email but `ADMIN_EMAIL`.
         *
         *     The password must be hard to guess, not only 8 characters long: it is scored with zxcvbn
         *     (`@zxcvbn-ts`, with its common-password lists compiled from breaches, English words and
         *     names, keyboard patterns, repeats, dates, and the email's own parts) and needs a score of
         *     3 of 4. A weaker one answers 422 `validation_error` with `field: "password"` and the
         *     reason and a suggestion in `detail`, e.g. "This is a heavily used password. Add more
         *     words that are less common." A few uncommon words together pass.
         */
        post: operations["authSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open a bearer session with email and password
         * @description Failed logins are throttled so guessing is slow but nobody can lock a stranger out:
         *     after 5 failures for one email from one address, that address waits 15 minutes before
         *     it may try that email again, and each further wait that day doubles (30 minutes, 1 hour,
         *     ... up to 24 hours; a success clears the count and the waits); one address may fail 100 times
         *     a day over all emails; and once an email has failed 50 times in an hour from any
         *     addresses, only addresses that signed in to it within 20 days may keep trying for the
         *     rest of that hour. A refused try answers 429 `rate_limit_exceeded` with `Retry-After`
         *     and the password is not checked. Unknown emails are counted like known ones. Signup and
         *     login also share a per-address limit of `AUTH_RPM_PER_IP` requests a minute.
         */
        post: operations["authLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke the calling bearer session */
        post: operations["authLogoutSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/authorize/cli-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an API key for the CLI's browser login
         * @description Called by the dashboard's authorize page (`/dashboard/#/authorize?port=..&state=..&host=..`)
         *     when a signed-in user approves a `crema login`. Creates a `user`-scope key named
         *     `CLI login <host> <YYYY-MM-DD>` and returns its full value once in `token`; the page
         *     hands it to the CLI's callback on 127.0.0.1. An ACTIVE key from an earlier CLI login of
         *     the same host is revoked in the same transaction (one CLI key per machine, as the hosted
         *     service rotates its CLI key), so logging in again never hits the tier's `max_api_keys`
         *     because of old CLI keys; any other key counts against it (403 `key_limit_reached`).
         *     The body is optional: without one the host is `unknown host`.
         */
        post: operations["authorizeCliToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gateway/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balance, spend, tier and request counts for a CLI status line
         * @description What `crema status` (and the hosted service's gateway status bar) shows, for the account
         *     behind `X-API-Key`; any valid key may ask, demo keys included, and asking is not a
         *     request that counts against a quota. `credits_remaining_usd` is the account's balance,
         *     `credits_used_this_month` its settled spend this UTC calendar month. `monthly_budget_usd`
         *     is the presented key's monthly budget (0: the key has no cap) and `usage_percent` that
         *     key's spend against it (0 without a cap). `requests_today` / `requests_this_month` count
         *     the account's billed compression requests (a batch is one); `daily_request_limit` is the
         *     tier's requests per day (null: unlimited). crema adds `account_email` and the presented
         *     `key`.
         */
        get: operations["gatewayStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/authorize/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the calling API key
         * @description Revokes the key sent in `X-API-Key`, best effort: the client's logout command calls it
         *     before clearing its local credential file. Idempotent, as in the hosted API: a key that
         *     is already revoked also gets 200, with `revoked_key_id: null`; an expired key is revoked
         *     too. A malformed or unknown key is 401 `invalid_api_key`. Deleting only the local
         *     credential file does not revoke a key. Demo keys may log themselves out.
         */
        post: operations["authorizeLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's API keys */
        get: operations["keysList"];
        put?: never;
        /**
         * Create an API key
         * @description Returns the full key (`cmp_` followed by 40 base62 characters) exactly once; only a
         *     hash and a display prefix are stored. Optional monthly budget, expiry and daily request
         *     cap are set here. The tier's `max_api_keys` caps the number of ACTIVE keys
         *     (403 `key_limit_reached`). `demo` keys may call only the single question-specific route.
         */
        post: operations["keysCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        /** One of the caller's API keys */
        get: operations["keysGet"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revocation is immediate, with no grace period; the next request with the key gets 401.
         */
        delete: operations["keysDelete"];
        options?: never;
        head?: never;
        /**
         * Raise, lower or remove a key's monthly budget
         * @description Raising the cap lifts a 402 `api_key_budget_exceeded` at once; `null` removes the cap.
         */
        patch: operations["keysUpdateBudget"];
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's API keys (the hosted API's shape)
         * @description The hosted API's key listing: the caller's keys that are not revoked, in its shape
         *     (lowercase `status`, `key_preview`, `total_requests`, `daily_limit`), plus crema's
         *     `prefix`, `monthly_budget_usd` and `spent_this_month_usd`. Revoked keys are summed in
         *     `revoked_summary` instead of listed. crema's own listing is `GET /api/keys`.
         */
        get: operations["hostedKeysList"];
        put?: never;
        /**
         * Create an API key (the hosted API's shape)
         * @description The hosted API's key creation. `expires_at` omitted means 30 days from now, `null`
         *     means never (as in the hosted API). `daily_limit` is the key's daily request cap.
         *     `enterprise` keys (postpaid, admin-approved) are not offered by crema: 400
         *     `bad_request`. The tier's `max_api_keys` caps ACTIVE keys (403 `key_limit_reached`).
         *     The full key is in `data.key`, shown only here.
         */
        post: operations["hostedKeysCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller's API keys (the hosted API's shape) */
        get: operations["hostedKeysGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{key_id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Revoke an API key (the hosted API's route)
         * @description Revocation is immediate; revoking a key that is already revoked is also 200.
         */
        put: operations["hostedKeysRevoke"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/onprem/validate-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check an API key (the hosted API's on-prem key check)
         * @description Answers whether the key in `X-API-Key` is live, with its account and scope. A malformed,
         *     unknown or revoked key is 401 `invalid_api_key`, an expired one 401 `expired_api_key`,
         *     as on every key route. Demo keys may check themselves.
         */
        get: operations["onpremValidateKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create the caller's profile
         * @description Creates the profile record of the calling account. `account_type` (`user` or
         *     `enterprise`) is optional here; once set it can never change (400
         *     `account_type_immutable`). A second create gives 400 `profile_exists`.
         */
        post: operations["profileCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's role and account type */
        get: operations["profileRole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's profile */
        get: operations["profileGet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the caller's profile
         * @description `account_type` may be set once, when it is still unset; changing it afterwards gives 400 `account_type_immutable`.
         */
        patch: operations["profileUpdate"];
        trace?: never;
    };
    "/api/profile/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rate limits of the caller's tier, per model */
        get: operations["profileRateLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/can-delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the caller's account can be deleted, and why not
         * @description An account cannot be deleted while it is the last admin, or while a billable request is in flight.
         */
        get: operations["profileCanDelete"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the caller's account
         * @description Requires `confirmation` equal to `DELETE` (any other value: 400
         *     `confirmation_mismatch`; 400 `cannot_delete` when `/can-delete` says no). Revokes every
         *     API key and session at once; the usage history is kept for accounting.
         */
        delete: operations["profileDelete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's usage, grouped by day, model, key or source
         * @description Settled compression requests of the calling account between `from` and `to` (UTC
         *     calendar days, both inclusive), summed per group: requests (a batch is one request),
         *     original and compressed tokens, tokens saved and the cost charged. `group_by=day` lists
         *     every day of the range, with zeros on days without usage; `model`, `key` and `source`
         *     list only groups with usage, the costliest first (`source` groups by the `source` each
         *     request sent, `none` for requests without one). `from` after `to`, or a range over 366 days, is
         *     a 422 `validation_error`.
         */
        get: operations["usageReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's usage statistics with a time series (the hosted API's shape)
         * @description Settled compression requests of the calling account over a period, as totals, a time
         *     series (one point per UTC hour or day of the period, zeros included) and, crema's
         *     addition, `by_source`: the same totals per `source` the requests sent (null when none).
         *     `custom` takes `start_date` and `end_date` (YYYY-MM-DD, UTC, both inclusive, at most 366
         *     days); a missing or malformed date, or a start after the end, is 400 `bad_request`.
         *     `total_output_tokens` and the `output_tokens` of each point count the compressed tokens
         *     returned; crema does not know the downstream model's price, so `savings_usd` is 0.
         *     `skip_cache` is accepted and changes nothing (usage rows are written synchronously).
         */
        get: operations["usageStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/usage/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's credit ledger, newest first
         * @description Every change to the account's balance: the starting `grant`, admin `top_up`s and the
         *     `charge` of each settled request (negative amounts, with the request's model and
         *     tokens). The worst-case holds taken before a request and returned when it settles are
         *     not listed: they net to zero once the request is done. Pages are `limit` entries long;
         *     pass `next_cursor` as `before` for the next, older page (null on the last page).
         */
        get: operations["usageLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{account_id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add credit to an account (admin) */
        post: operations["adminTopUpCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/tiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tier schedule, lowest to highest
         * @description An account's tier is the highest whose `min_monthly_tokens` is at most the account's
         *     compressed tokens this calendar month. `scale_limits` gives the effective limits per
         *     model and tier (`latte_v2` runs at twice the base `rpm` and `tpm`).
         */
        get: operations["billingTiers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pricing/estimate-cost": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Estimate the cost of compressing a token volume
         * @description `compressed_tokens = round(input_tokens * (1 - compression_ratio))`;
         *     `processing_cost_usd = input_tokens * input_price_per_1m / 1e6`. An unknown
         *     `compression_model` is a 400 `bad_request` (the hosted API takes any string there and
         *     answers 400 for a model it does not price). The route has its own per-IP rate limit (429 with
         *     `Retry-After`).
         */
        post: operations["pricingEstimateCost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description `0 < r <= 1`: removal strength (0.5 removes about half the tokens; keep fraction 1 - r).
         *     `r > 1`: Nx target (4 keeps about a quarter; keep fraction 1 / r). Maximum 200.
         *     Omitted: the model's default. 0, negatives and values above 200 give 422; never clamped.
         * @example 0.5
         * @example 4
         */
        TargetCompressionRatio: number;
        /** @description The text to compress. Null or empty gives an empty, unbilled result. */
        NullableContext: string | null;
        /** @description The question the kept text must answer. Must not be empty or blank; at most 8,192 characters (422 above). Its tokens are billed and count toward `tpm` with the text. */
        Query: string;
        /**
         * @description Who sent the request, as the hosted API's clients label it: `demo`, `extension`, `sdk:python`, `sdk:typescript`, `sdk:curl`, `gateway:anthropic`, `gateway:openai`, `gateway:gemini`, `gateway:unknown`, `integration:litellm`, `integration:hermes`, or any other `name[:detail]`. Stored on the usage row; the usage API breaks totals down by it.
         * @example sdk:python
         * @example gateway:anthropic
         */
        Source: string | null;
        /** @description An Nx ratio bound for `dynamic=true` (latte_v2 only). */
        DynamicRatioBound: number;
        /**
         * @description `latte_v1`: accurate. `latte_v2`: distilled, several times faster, adds `dynamic*`.
         * @enum {string}
         */
        QuestionSpecificModelName: "latte_v1" | "latte_v2";
        QuestionSpecificOptions: {
            compression_model_name?: components["schemas"]["QuestionSpecificModelName"];
            target_compression_ratio?: components["schemas"]["TargetCompressionRatio"];
            /**
             * @description Paragraph-level units instead of word-level; faster and cheaper, less precise.
             * @default true
             */
            coarse?: boolean;
            /**
             * @description Structure-aware chunking (paragraphs, fenced code, markdown sections, lists, tables) before scoring; a code block or table row is never cut.
             * @default false
             */
            heuristic_chunking?: boolean;
            /**
             * @description Drop the `[...]` markers between non-adjacent kept spans.
             * @default false
             */
            disable_placeholders?: boolean;
            source?: components["schemas"]["Source"];
            /** @description latte_v2 only (422 on latte_v1). Default false. Picks the ratio per input from the knee of the sorted unit scores, clamped into [dynamic_min_ratio, dynamic_max_ratio]; overrides target_compression_ratio, which is then ignored (not an error). */
            dynamic?: boolean;
            /** @description latte_v2 only. Default 1.5; only consulted when dynamic=true. */
            dynamic_min_ratio?: components["schemas"]["DynamicRatioBound"];
            /** @description latte_v2 only. Default 10.0; must be >= dynamic_min_ratio (422 otherwise); only consulted when dynamic=true. */
            dynamic_max_ratio?: components["schemas"]["DynamicRatioBound"];
        };
        QuestionSpecificRequest: components["schemas"]["QuestionSpecificOptions"] & {
            compression_model_name: components["schemas"]["QuestionSpecificModelName"];
            context: components["schemas"]["NullableContext"];
            query: components["schemas"]["Query"];
        };
        QuestionSpecificBatchItem: {
            context: components["schemas"]["NullableContext"];
            query: components["schemas"]["Query"];
        };
        QuestionSpecificBatchRequest: components["schemas"]["QuestionSpecificOptions"] & {
            compression_model_name: components["schemas"]["QuestionSpecificModelName"];
            inputs: components["schemas"]["QuestionSpecificBatchItem"][];
        };
        /** @description Options of the query-free context families (question-agnostic, markdown). A `query` field, on the body or on a batch input, is a 422 `validation_error`: these models ignore questions, so a sent one would silently do nothing. */
        AgnosticOptions: {
            target_compression_ratio?: components["schemas"]["TargetCompressionRatio"];
            /**
             * @description Sentence-level units instead of word-level.
             * @default true
             */
            coarse?: boolean;
            /**
             * @description Structure-aware chunking before scoring.
             * @default false
             */
            heuristic_chunking?: boolean;
            /**
             * @description Drop the `[...]` markers between non-adjacent kept spans.
             * @default false
             */
            disable_placeholders?: boolean;
            source?: components["schemas"]["Source"];
        };
        /** @enum {string} */
        QuestionAgnosticModelName: "espresso_v1";
        QuestionAgnosticRequest: components["schemas"]["AgnosticOptions"] & {
            context: components["schemas"]["NullableContext"];
            compression_model_name: components["schemas"]["QuestionAgnosticModelName"];
        };
        ContextItem: {
            context: components["schemas"]["NullableContext"];
        };
        QuestionAgnosticBatchRequest: components["schemas"]["AgnosticOptions"] & {
            inputs: components["schemas"]["ContextItem"][];
            compression_model_name: components["schemas"]["QuestionAgnosticModelName"];
        };
        /** @enum {string} */
        MarkdownModelName: "markdown_v1";
        MarkdownRequest: components["schemas"]["AgnosticOptions"] & {
            context: components["schemas"]["NullableContext"];
            compression_model_name: components["schemas"]["MarkdownModelName"];
        };
        MarkdownBatchRequest: components["schemas"]["AgnosticOptions"] & {
            inputs: components["schemas"]["ContextItem"][];
            compression_model_name: components["schemas"]["MarkdownModelName"];
        };
        /** @description One message of a transcript, as the hosted API's `HistoryMessage`: any role string (`system`, `user`, `assistant`, `tool`, `developer`, ...); `name` and `tool_call_id` are echoed back on kept messages. */
        ChatMessage: {
            /** @description The sender's role. `system` messages are never compressed; any other role is a turn. */
            role: string;
            content: string | null;
            name?: string | null;
            tool_call_id?: string | null;
        };
        /**
         * @description `hcc_latte_v1` (default): older turns compressed towards `query` when given. `hcc_espresso_v1`: query-free (a `query` is a 422). `agentic_history_lingua`: the hosted API's legacy name, an alias of `hcc_espresso_v1` (usage records the canonical id).
         * @enum {string}
         */
        HistoryModelName: "hcc_latte_v1" | "hcc_espresso_v1" | "agentic_history_lingua";
        HistoryOptions: {
            /** @description Omitted or null: `hcc_latte_v1`. */
            compression_model_name?: components["schemas"]["HistoryModelName"] | null;
            /** @description Same ratio rules; applies to the older messages. Default 0.3. */
            target_compression_ratio?: components["schemas"]["TargetCompressionRatio"];
            /**
             * @description How many of the latest messages stay verbatim.
             * @default 3
             */
            keep_recent?: number;
            /** @default false */
            disable_placeholders?: boolean;
            source?: components["schemas"]["Source"];
        };
        Messages: components["schemas"]["ChatMessage"][];
        /** @description The hosted API's `HistoryCompressRequest`, plus crema's optional `query` and `disable_placeholders`. */
        HistoryRequest: components["schemas"]["HistoryOptions"] & {
            messages: components["schemas"]["Messages"];
            /** @description Optional (hcc_latte_v1 only); when given, older turns are compressed towards it. */
            query?: components["schemas"]["Query"];
        };
        /** @description The hosted API's `HistoryBatchRequest`: `inputs` are whole single requests, each with its own model and options. crema extension: the top-level options, when sent, are defaults for inputs that omit them. */
        HistoryBatchRequest: components["schemas"]["HistoryOptions"] & {
            inputs: components["schemas"]["HistoryRequest"][];
        };
        /**
         * @description Query-aware (`query` required): `toc_latte_v1`, `toc_latte_v2` (the Python SDK's default), and the aliases `toc_latte` (= toc_latte_v2) and `agentic_tool_output_gemfilter` (= toc_latte_v1). Query-free (`query` forbidden): `toc_americano_v1` and the aliases `toc_americano` and `agentic_tool_output_lingua` (= toc_americano_v1). Usage records the canonical id.
         * @enum {string}
         */
        ToolOutputModelName: "toc_latte_v1" | "toc_latte_v2" | "toc_americano_v1" | "toc_latte" | "toc_americano" | "agentic_tool_output_gemfilter" | "agentic_tool_output_lingua";
        /** @description One output string, or several (the result keeps the shape). Null or empty is free. */
        ToolOutputValue: string | null | string[];
        /** @description Required by the query-aware models, forbidden (422) by the query-free ones; null counts as absent. */
        ToolOutputQuery: components["schemas"]["Query"] | null;
        ToolOutputOptions: {
            compression_model_name?: components["schemas"]["ToolOutputModelName"];
            /** @description Same ratio rules. Default 0.5. */
            target_compression_ratio?: components["schemas"]["TargetCompressionRatio"];
            source?: components["schemas"]["Source"];
        };
        /** @description The hosted API's `ToolOutputCompressRequest`. */
        ToolOutputRequest: components["schemas"]["ToolOutputOptions"] & {
            compression_model_name: components["schemas"]["ToolOutputModelName"];
            tool_output: components["schemas"]["ToolOutputValue"];
            tool_name: string;
            query?: components["schemas"]["ToolOutputQuery"];
        };
        /** @description One input of a batch: a whole single request; `compression_model_name` may be left to the top-level default (crema extension). */
        ToolOutputBatchItem: components["schemas"]["ToolOutputOptions"] & {
            tool_output: components["schemas"]["ToolOutputValue"];
            tool_name: string;
            query?: components["schemas"]["ToolOutputQuery"];
        };
        /** @description The hosted API's `ToolOutputBatchRequest`: `inputs` are whole single requests, each with its own model and options. crema extension: the top-level options, when sent, are defaults for inputs that omit them; an input with no model here or at the top level is a 422. */
        ToolOutputBatchRequest: components["schemas"]["ToolOutputOptions"] & {
            inputs: components["schemas"]["ToolOutputBatchItem"][];
        };
        /**
         * @description `tdc_coldbrew_v1`, or the aliases `tdc_espresso` and `agentic_tool_discovery_sat` (the hosted API's names). Usage records the canonical id.
         * @enum {string}
         */
        ToolDiscoveryModelName: "tdc_coldbrew_v1" | "tdc_espresso" | "agentic_tool_discovery_sat";
        /** @description A JSON Schema of the tool's input (read for its property names and descriptions). */
        ToolSchema: {
            [key: string]: unknown;
        } | null;
        /** @description One tool, in any of the shapes clients hold them: the hosted API's `{name, description, parameters}`, Anthropic's `{name, description, input_schema}`, MCP's `{name, description, inputSchema}`, or OpenAI's `{type: "function", function: {name, description, parameters}}`. Other fields are ignored. */
        ToolDefinition: {
            name: string;
            description?: string | null;
            parameters?: components["schemas"]["ToolSchema"];
            input_schema?: components["schemas"]["ToolSchema"];
            inputSchema?: components["schemas"]["ToolSchema"];
        } | {
            /** @constant */
            type: "function";
            function: {
                name: string;
                description?: string | null;
                parameters?: components["schemas"]["ToolSchema"];
            };
        };
        /** @description The hosted API's `ToolDiscoveryRequest`. */
        ToolDiscoveryRequest: {
            /** @description What the agent is asked to do (an agent gateway sends the user's latest message, which can be long): at most 65,536 characters; its first 64 distinct content words are matched by meaning, all of them by BM25. Its tokens are billed with the tools'. */
            query: string;
            tools: components["schemas"]["ToolDefinition"][];
            /**
             * @description Most names answered, `always_keep` included. Fewer come back when the rest are clearly irrelevant.
             * @default 5
             */
            max_tools?: number;
            /** @description Tool names answered first whatever the query (names not among `tools` are ignored). */
            always_keep?: string[] | null;
            compression_model_name: components["schemas"]["ToolDiscoveryModelName"];
            source?: components["schemas"]["Source"];
        };
        /** @description The hosted API's `ToolDiscoveryBatchRequest`: `inputs` are whole single requests. */
        ToolDiscoveryBatchRequest: {
            inputs: components["schemas"]["ToolDiscoveryRequest"][];
        };
        CompressionResult: {
            /** @description The input context, echoed back ("" for a null context). */
            original_context: string;
            compressed_context: string;
            /** @description o200k_base tokens of the input. */
            original_tokens: number;
            /** @description crema extension: o200k_base tokens of the query, billed with original_tokens (a request costs the price of original_tokens + query_tokens, as its usage row and ledger charge show); 0 without a query. */
            query_tokens?: number;
            compressed_tokens: number;
            /** @description original_tokens minus compressed_tokens. */
            tokens_saved: number;
            /** @description The requested ratio, if any. */
            target_compression_ratio: number | null;
            /** @description tokens_saved / original_tokens (fraction removed); 0 for empty input. */
            actual_compression_ratio: number;
            /** @description Server-side processing time in milliseconds; in a batch, this row's own time (its share of the batch's shared scoring included), not the whole batch's. */
            duration_ms: number;
        };
        BatchTotals: {
            total_original_tokens: number;
            /** @description crema extension: sum of the rows' query_tokens (billed with total_original_tokens). */
            total_query_tokens?: number;
            total_compressed_tokens: number;
            total_tokens_saved: number;
            /** @description Mean of actual_compression_ratio over rows. */
            average_compression_ratio: number;
            /** @description Number of rows processed. */
            count: number;
        };
        BatchResult: components["schemas"]["BatchTotals"] & {
            /** @description One entry per input row, in input order. */
            results: components["schemas"]["CompressionResult"][];
        };
        /** @description The hosted API's `HistoryCompressResult` plus crema's ready-to-send `messages` and its accounting fields. */
        HistoryResult: {
            /** @description The older turns (not system, not the last `keep_recent`) compressed and joined into one text, one `role: content` line per turn in order (a turn with nothing kept reads `[...]`). A client sends it as one message in their place. Empty when no turn is older than `keep_recent`. */
            summary: string;
            /** @description The ready-to-send transcript: the system message(s) verbatim, then (when `summary` is not empty) one `user` message carrying it, then the last `keep_recent` messages verbatim. `user` because Anthropic-style message lists (which the hosted API's gateway sends) take no system role and must open with a user turn. */
            messages: components["schemas"]["ChatMessage"][];
            /** @description o200k_base tokens of all message contents. */
            original_tokens: number;
            /** @description crema extension: o200k_base tokens of the query, billed with original_tokens (a request costs the price of original_tokens + query_tokens, as its usage row and ledger charge show); 0 without a query. */
            query_tokens?: number;
            /** @description o200k_base tokens of the contents of `messages` (system, summary, recent turns). */
            compressed_tokens: number;
            tokens_saved: number;
            /** @description Older turns folded into `summary`. */
            messages_compressed: number;
            /** @description Recent messages kept verbatim (`min(keep_recent, messages)`). System messages older than those are also kept and counted in neither field. */
            messages_kept: number;
            /** @description Nx factor achieved, as the hosted API's SDKs read it: original_tokens / compressed_tokens (5.0 = five times smaller); 1 for empty input. */
            compression_ratio: number;
            target_compression_ratio: number | null;
            /** @description tokens_saved / original_tokens (fraction removed); 0 for empty input. */
            actual_compression_ratio: number;
            duration_ms: number;
        };
        HistoryBatchResult: components["schemas"]["BatchTotals"] & {
            results: components["schemas"]["HistoryResult"][];
        };
        /** @description The hosted API's `ToolOutputCompressResult` plus crema's accounting fields. */
        ToolOutputResult: {
            tool_name: string;
            /** @description Same shape as the input tool_output (a string, or an array of strings). */
            compressed_output: string | string[];
            /** @enum {string} */
            detected_format: "json" | "log" | "table" | "text" | "mixed" | "empty";
            original_tokens: number;
            /** @description crema extension: o200k_base tokens of the query, billed with original_tokens (a request costs the price of original_tokens + query_tokens, as its usage row and ledger charge show); 0 without a query. */
            query_tokens?: number;
            compressed_tokens: number;
            tokens_saved: number;
            /** @description Nx factor achieved, as the hosted API's SDKs read it: original_tokens / compressed_tokens (5.0 = five times smaller); 1 for empty input. */
            compression_ratio: number;
            target_compression_ratio: number | null;
            /** @description tokens_saved / original_tokens (fraction removed); 0 for empty input. */
            actual_compression_ratio: number;
            duration_ms: number;
        };
        ToolOutputBatchResult: components["schemas"]["BatchTotals"] & {
            results: components["schemas"]["ToolOutputResult"][];
        };
        /** @description The hosted API's `ToolDiscoveryResult` plus crema's accounting fields. */
        ToolDiscoveryResult: {
            /** @description Names of the answered tools, `always_keep` first, then by relevance (ties in definition order). */
            relevant_tools: string[];
            /** @description Number of names answered. */
            tool_count: number;
            /** @description Number of tools sent. */
            original_tool_count: number;
            /** @description One line per answered tool, `name: why`, naming the query words that matched it (or, for a paraphrase, the query word and the tool's related word). */
            reasoning: string | null;
            duration_ms: number;
            /** @description o200k tokens of all the tool definitions as sent. */
            original_tokens: number;
            /** @description crema extension: o200k_base tokens of the query, billed with original_tokens (a request costs the price of original_tokens + query_tokens, as its usage row and ledger charge show); 0 without a query. */
            query_tokens?: number;
            /** @description o200k tokens of the answered tools' definitions. */
            compressed_tokens: number;
            tokens_saved: number;
            /** @description tokens_saved / original_tokens. */
            actual_compression_ratio: number;
        };
        ToolDiscoveryBatchResult: components["schemas"]["BatchTotals"] & {
            results: components["schemas"]["ToolDiscoveryResult"][];
        };
        /** @description The JSON of one `data:` frame of a /stream response. Concatenate `content` across events; `done=true` marks the last content event; `error` replaces content when the stream aborts. */
        StreamEvent: {
            /** @description Compressed text; empty when error is set. */
            content: string;
            done: boolean;
            error: string | null;
        };
        SuccessEnvelope: {
            /** @constant */
            success: true;
            message: string | null;
        };
        CompressionResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["CompressionResult"];
        };
        BatchResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["BatchResult"];
        };
        HistoryResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["HistoryResult"];
        };
        HistoryBatchResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["HistoryBatchResult"];
        };
        ToolOutputResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ToolOutputResult"];
        };
        ToolOutputBatchResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ToolOutputBatchResult"];
        };
        /** @description The hosted API's logout answer. */
        LogoutResponse: {
            /** @constant */
            success: true;
            /** @description The id of the key revoked by this call; null when it was already revoked. */
            revoked_key_id: string | null;
            message: string;
        };
        ToolDiscoveryResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ToolDiscoveryResult"];
        };
        ToolDiscoveryBatchResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ToolDiscoveryBatchResult"];
        };
        MessageResponse: components["schemas"]["SuccessEnvelope"] & {
            data: Record<string, never> | null;
        };
        /** @enum {string} */
        Family: "question-specific" | "question-agnostic" | "markdown" | "history" | "tool-output" | "tool-discovery";
        /** @enum {string} */
        ModelId: "latte_v1" | "latte_v2" | "espresso_v1" | "markdown_v1" | "hcc_latte_v1" | "hcc_espresso_v1" | "toc_latte_v1" | "toc_latte_v2" | "toc_americano_v1" | "tdc_coldbrew_v1";
        ModelRecord: {
            id: components["schemas"]["ModelId"];
            family: components["schemas"]["Family"];
            description: string;
            accepts_query: boolean;
            /** @enum {string} */
            query: "required" | "optional" | "forbidden";
            supports_dynamic: boolean;
            default_target_compression_ratio: number;
            max_context_tokens: number;
            /** @description USD per 1M original (input) tokens. */
            input_price_per_1m: number;
            /**
             * @description `available` when the scoring weights are bundled and loadable.
             * @enum {string}
             */
            status: "available" | "unavailable";
            /**
             * @description The encoding used for token accounting.
             * @constant
             */
            tokenizer: "o200k_base";
            /** @description crema's own field, on question-specific models: per benchmarked language, how the text is read and how well the answer is kept (`npm run bench:languages`, docs/languages.md). Any other language is served the same way by its script: words (or character pairs in Chinese and Japanese), a Snowball stemmer where one exists, and the lexical prior alone outside the Latin script. */
            languages?: components["schemas"]["LanguageSupport"][];
        };
        LanguageSupport: {
            /**
             * @description ISO 639-1 code.
             * @example zh
             */
            language: string;
            /**
             * @description What the query is matched on: words; overlapping character pairs (Chinese, Japanese); dictionary words (Thai, Lao, Khmer, Myanmar, by ICU).
             * @enum {string}
             */
            word_units: "words" | "character_pairs" | "dictionary_words";
            /**
             * @description How inflections are matched: Porter (English), the language's Snowball stemmer, or literally.
             * @enum {string}
             */
            stemmer: "porter" | "snowball" | "none";
            /**
             * @description `model_and_lexical`: the network's word scores blended with the lexical prior; `lexical`: the network was trained on English and reads this script as unknown pieces, so the lexical prior (BM25 against the query) ranks the text.
             * @enum {string}
             */
            scoring: "model_and_lexical" | "lexical";
            /** @description Share of benchmark questions (%) whose answer the model kept, coarse mode, a gold paragraph among 9 distractors; absent where the model was not benchmarked per language. */
            answer_retention?: {
                "4x": number;
                "10x": number;
            };
        };
        /** @description A short example input for the family (the reference's `SampleText`). */
        SampleText: {
            name: string;
            text: string;
        };
        /** @description A model as the hosted API's listings name it (its `DemoCompressionModelOption`). */
        CompressionModelOption: {
            /** @description The model id, as sent in `compression_model_name`. */
            value: string;
            /** @description Human-readable name. */
            label: string;
            description: string;
            /** @description The key of this model's limits in `GET /api/billing/tiers` `scale_limits` (`latte_v2` runs at twice the base `rpm` and `tpm`). */
            tier_scale: string | null;
        };
        /** @description The reference's `DemoData`: sample inputs and the models to choose from. crema's listings add their own fields beside these. */
        DemoData: {
            sample_texts: components["schemas"]["SampleText"][];
            compression_models: components["schemas"]["CompressionModelOption"][];
            /** @description The tool-discovery family only: the same options as `compression_models`, where the hosted API's agent gateway reads them. */
            discovery_models?: components["schemas"]["CompressionModelOption"][];
        };
        ModelListResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["DemoData"] & {
                family: components["schemas"]["Family"];
                tokenizer: string;
                models: components["schemas"]["ModelRecord"][];
            };
        };
        ModelResponse: components["schemas"]["SuccessEnvelope"] & {
            /** @description The model record, with the reference's `DemoData` fields: the samples of the model's family and this one model as `compression_models`. */
            data: components["schemas"]["ModelRecord"] & components["schemas"]["DemoData"];
        };
        CompressModelsResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["DemoData"] & {
                /** @description The family the list was filtered to, or null for every family. */
                model_type: string | null;
                tokenizer: string;
                models: components["schemas"]["ModelRecord"][];
            };
        };
        /** @description Health of one family. Free-form JSON object; these fields are always present. */
        HealthResponse: {
            /**
             * @description `degraded`: a model's weights are missing, or Redis does not answer (rate limits then hold per replica, in memory); `unavailable`: the database does not answer.
             * @enum {string}
             */
            status: "ok" | "degraded" | "unavailable";
            /** @description The reference's field: true when every model of the family has its weights bundled and the engine has finished loading them. */
            compression_server: boolean;
            family: components["schemas"]["Family"];
            version: string;
            uptime_s: number;
            database: {
                /** @enum {string} */
                status: "ok" | "error";
                /** @enum {string} */
                driver: "pglite" | "postgres";
            };
            /** @description The rate-limit counters: `memory` (one process) or `redis` (shared by replicas). `error`: Redis does not answer and each replica counts in memory until it is back. */
            rate_limits: {
                /** @enum {string} */
                status: "ok" | "error";
                /** @enum {string} */
                store: "memory" | "redis";
            };
            models: {
                id: components["schemas"]["ModelId"];
                /** @enum {string} */
                status: "available" | "unavailable";
            }[];
        } & {
            [key: string]: unknown;
        };
        /** @description The reference's `CompressionModelInfo`, with the model's family. */
        PricingModel: {
            /** @description The model id. */
            name: string;
            display_name: string;
            description: string;
            /** @description USD per 1M original (input) tokens. */
            input_price_per_1m: number;
            /** @description Lowest tier that may call the model; null for every tier. */
            min_tier: string | null;
            family: components["schemas"]["Family"];
        };
        PricingModelsResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["PricingModel"][];
        };
        TokenCountRequest: {
            /** @description Text to count. */
            prompt: string;
            /** @description Echoed back; crema counts `o200k_base` for every model. */
            model?: string | null;
            source?: components["schemas"]["Source"];
        };
        TokenCountResponse: {
            tokens: number;
            model: string | null;
            /** @constant */
            tokenizer: "o200k_base";
        };
        ServiceRootResponse: {
            /** @constant */
            service: "crema";
            /** @constant */
            status: "ok";
            version: string;
            /** @description Path of the API reference page. */
            docs: string;
            dashboard: string;
        };
        LivenessResponse: {
            /** @constant */
            status: "ok";
            version: string;
            uptime_s: number;
        };
        /**
         * @description `loading`: the engine is loading the bundled weights; `ready`: loaded; `failed`: loading failed (see `error`); `stopping`: the server got SIGTERM or SIGINT and is draining its in-flight requests.
         * @enum {string}
         */
        ReadinessStatus: "loading" | "ready" | "failed" | "stopping";
        ReadinessResponse: {
            status: components["schemas"]["ReadinessStatus"];
            ready: boolean;
            /** @description The scoring networks the engine loads ahead of the first request. */
            weights: string[];
            /** @description Milliseconds since the readiness status last changed. */
            since_ms: number;
            error: string | null;
        };
        DependencyCheck: {
            /** @enum {string} */
            status: "ok" | "error";
            detail?: string | null;
        } & {
            [key: string]: unknown;
        };
        DeepHealthResponse: {
            /**
             * @description `unavailable` (503) when any check is `error`.
             * @enum {string}
             */
            status: "ok" | "unavailable";
            version: string;
            uptime_s: number;
            checks: {
                database: components["schemas"]["DependencyCheck"];
                redis: components["schemas"]["DependencyCheck"];
                models: components["schemas"]["DependencyCheck"] & {
                    readiness: components["schemas"]["ReadinessStatus"];
                    weights: {
                        id: string;
                        bundled: boolean;
                    }[];
                };
            };
        };
        CircuitState: {
            /**
             * @description `closed`: working; `open`: failing; `unknown`: not checked since start-up.
             * @enum {string}
             */
            state: "closed" | "open" | "unknown";
            detail: string | null;
        } & {
            [key: string]: unknown;
        };
        CircuitsResponse: {
            /** @enum {string} */
            status: "ok" | "degraded";
            /** @description The dependencies whose circuit is open. */
            open: ("database" | "redis" | "engine")[];
            circuits: {
                database: components["schemas"]["CircuitState"];
                redis: components["schemas"]["CircuitState"];
                engine: components["schemas"]["CircuitState"];
            };
        };
        RateLimits: {
            /** @description Requests per minute; -1 means unlimited. */
            rpm: number;
            /** @description Tokens per minute; -1 means unlimited. */
            tpm: number;
            /** @description Requests per day; -1 means unlimited. */
            rpd: number;
        };
        /** @enum {string} */
        TierName: "tier1" | "tier2" | "tier3" | "tier4" | "tier5";
        Tier: {
            name: components["schemas"]["TierName"];
            display_name: string;
            /** @description Minimum compressed tokens this calendar month to reach the tier. */
            min_monthly_tokens: number;
            max_api_keys: number;
            rate_limits: components["schemas"]["RateLimits"];
        };
        ScaleTierLimits: {
            tier: components["schemas"]["TierName"];
            rate_limits: components["schemas"]["RateLimits"];
        };
        /** @description Per-model limit matrices, as the hosted API shapes them: model id -> one entry per tier, lowest first, with that tier's effective limits (latte_v2: 2x rpm and tpm). */
        ScaleLimits: {
            [key: string]: components["schemas"]["ScaleTierLimits"][];
        };
        TiersResponse: {
            /** @constant */
            success: true;
            /** @description Ordered lowest to highest. */
            tiers: components["schemas"]["Tier"][];
            scale_limits: components["schemas"]["ScaleLimits"];
        };
        CostEstimateRequest: {
            /**
             * @description Any string, as in the hosted API; a model crema does not serve gives 400 `bad_request` (field `compression_model`).
             * @default latte_v1
             */
            compression_model?: string;
            /** @description Must be greater than 0. */
            input_tokens: number;
            /**
             * @description Fraction removed, strictly between 0 and 1.
             * @default 0.5
             */
            compression_ratio?: number;
        };
        CostEstimate: {
            input_tokens: number;
            /** @description round(input_tokens * (1 - compression_ratio)). */
            compressed_tokens: number;
            tokens_saved: number;
            compression_ratio: number;
            /** @description input_tokens * input_price_per_1m / 1e6. */
            processing_cost_usd: number;
            model: components["schemas"]["ModelId"];
            input_price_per_1m: number;
        };
        CostEstimateResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["CostEstimate"];
        };
        CreditTopUpRequest: {
            amount_usd: number;
            note?: string;
        };
        BalanceResponse: components["schemas"]["SuccessEnvelope"] & {
            data: {
                account_id: string;
                balance_usd: number;
            };
        };
        /** @enum {string} */
        AccountType: "user" | "enterprise";
        /** @enum {string} */
        Role: "admin" | "user";
        SignupRequest: {
            /** Format: email */
            email: string;
            password: string;
            account_type?: components["schemas"]["AccountType"];
        };
        LoginRequest: {
            email: string;
            password: string;
        };
        AccountSummary: {
            id: string;
            email: string;
            role: components["schemas"]["Role"];
            account_type: components["schemas"]["AccountType"] | null;
        };
        SessionResponse: components["schemas"]["SuccessEnvelope"] & {
            data: {
                /** @description Opaque bearer token, shown once. */
                token: string;
                /** @constant */
                token_type: "bearer";
                /** Format: date-time */
                expires_at: string;
                account: components["schemas"]["AccountSummary"];
            };
        };
        /** @enum {string} */
        ApiKeyScope: "user" | "demo";
        /** @enum {string} */
        ApiKeyStatus: "ACTIVE" | "REVOKED" | "EXPIRED";
        ApiKey: {
            id: string;
            name: string;
            /** @description The first characters of the key, for display. */
            prefix: string;
            scope: components["schemas"]["ApiKeyScope"];
            status: components["schemas"]["ApiKeyStatus"];
            monthly_budget_usd: number | null;
            spent_this_month_usd: number;
            /** Format: date-time */
            expires_at: string | null;
            daily_request_cap: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_used_at: string | null;
            /** Format: date-time */
            revoked_at: string | null;
        };
        ApiKeyCreated: components["schemas"]["ApiKey"] & {
            /** @description The full key. Shown once; not recoverable. */
            key: string;
        };
        ApiKeyCreateRequest: {
            name: string;
            /** @default user */
            scope?: components["schemas"]["ApiKeyScope"];
            monthly_budget_usd?: number;
            /** Format: date-time */
            expires_at?: string;
            daily_request_cap?: number;
        };
        ApiKeyUpdateRequest: {
            /** @description The new monthly cap in USD, or null for no cap. */
            monthly_budget_usd: number | null;
        };
        ApiKeyResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ApiKey"];
        };
        ApiKeyCreatedResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["ApiKeyCreated"];
        };
        ApiKeyListResponse: components["schemas"]["SuccessEnvelope"] & {
            data: {
                keys: components["schemas"]["ApiKey"][];
            };
        };
        /** @description What the dashboard's authorize page knows about the CLI asking (all optional). */
        CliTokenRequest: {
            /** @description The host name the CLI runs on (from the authorize link); it names the key. */
            host?: string;
        };
        /** @description The reference's flat `{success, token, message}`; crema adds the new key's id and name. */
        CLIKeyResponse: {
            success: boolean;
            /** @description The full API key (`cmp_...`). Shown once; not recoverable. */
            token: string;
            message: string;
            key_id: string;
            key_name: string;
        };
        GatewayStatusResult: {
            tier: components["schemas"]["TierName"];
            /** @description The account's balance in USD. */
            credits_remaining_usd: number;
            /** @description The account's settled spend this UTC calendar month, in USD. */
            credits_used_this_month: number;
            /** @description The presented key's monthly budget in USD; 0 when the key has no cap. */
            monthly_budget_usd: number;
            /** @description The presented key's spend this month as a percentage of its budget (0 without a budget). */
            usage_percent: number;
            /** @description The account's billed compression requests since 00:00 UTC. */
            requests_today: number;
            /** @description The account's billed compression requests this UTC calendar month. */
            requests_this_month: number;
            /** @description The tier's requests per day; null when unlimited. */
            daily_request_limit: number | null;
            is_admin: boolean;
            account_email: string;
            key: components["schemas"]["ApiKey"];
        };
        GatewayStatusResponse: {
            success: boolean;
            message: string | null;
            data: components["schemas"]["GatewayStatusResult"];
        };
        ProfileCreateRequest: {
            account_type?: components["schemas"]["AccountType"];
            display_name?: string;
        };
        /** @description crema's fields, and the hosted API's `full_name` (the same as `display_name`, which wins when both are sent). The hosted API's `company_name`, `country` and `extra_usage_*` are accepted and not stored. */
        ProfileUpdateRequest: {
            display_name?: string | null;
            /** @description The hosted API's name for `display_name` (its limit, 255 characters). */
            full_name?: string | null;
            account_type?: components["schemas"]["AccountType"];
        };
        /** @description Carries the hosted API's `user_id`, `is_admin`, `full_name` and `wallet_balance` beside crema's own names for the same facts (`id`, `display_name`, `balance_usd`). */
        Profile: {
            id: string;
            /** @description The account id (same as `id`). */
            user_id: string;
            /** @description True for the `admin` role. */
            is_admin: boolean;
            email: string;
            display_name: string | null;
            /** @description Same as `display_name`. */
            full_name: string | null;
            role: components["schemas"]["Role"];
            /** @description `user` while unset (the hosted API's default); `account_type_set` says whether it was chosen. */
            account_type: components["schemas"]["AccountType"];
            /** @description False until `account_type` is chosen (at signup, profile creation or PATCH); it can be set once. */
            account_type_set: boolean;
            tier: components["schemas"]["TierName"];
            balance_usd: number;
            /** @description Same as `balance_usd`. */
            wallet_balance: number;
            monthly_compressed_tokens: number;
            profile_created: boolean;
            /** Format: date-time */
            created_at: string;
        };
        ProfileResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["Profile"];
        };
        /** @description Flat, as in the hosted API (no envelope). An account whose type is still unset answers `user`, the hosted API's default. */
        RoleResponse: {
            role: components["schemas"]["Role"];
            /** @description True for the `admin` role. */
            is_admin: boolean;
            account_type: components["schemas"]["AccountType"];
        };
        RateLimitsResponse: components["schemas"]["SuccessEnvelope"] & {
            /** @description The hosted API's flat `{tier, rpm, tpm, rpd, max_api_keys}` (the tier's base limits), plus crema's `display_name`, `rate_limits` (the same base limits) and per-model `model_limits`. */
            data: {
                tier: components["schemas"]["TierName"];
                /** @description Requests per minute at the tier's base rate; -1 means unlimited. */
                rpm: number;
                /** @description Tokens per minute at the tier's base rate; -1 means unlimited. */
                tpm: number;
                /** @description Requests per day; -1 means unlimited. */
                rpd: number;
                display_name: string;
                max_api_keys: number;
                rate_limits: components["schemas"]["RateLimits"];
                /** @description Effective limits per model id. */
                model_limits: {
                    [key: string]: components["schemas"]["RateLimits"];
                };
            };
        };
        CanDeleteResponse: components["schemas"]["SuccessEnvelope"] & {
            data: {
                can_delete: boolean;
                reasons: string[];
            };
        };
        ProfileDeleteRequest: {
            /** @description Must equal DELETE. */
            confirmation: string;
        };
        /**
         * @description The hosted API's key statuses; crema answers `active`, `expired` or `revoked`.
         * @enum {string}
         */
        HostedApiKeyStatus: "pending" | "active" | "expired" | "declined" | "revoked";
        /**
         * @description The hosted API's scopes; crema issues `user` and `demo` keys (`enterprise` is 400).
         * @enum {string}
         */
        HostedApiKeyScope: "demo" | "user" | "enterprise";
        /** @description The hosted API's `APIKeyResult`, plus crema's `prefix`, `monthly_budget_usd`, `spent_this_month_usd` and `revoked_at`. */
        HostedApiKey: {
            id: string;
            name: string;
            scope: components["schemas"]["HostedApiKeyScope"];
            status: components["schemas"]["HostedApiKeyStatus"];
            /**
             * @description Always `prepaid`: requests draw on the account's credit.
             * @enum {string}
             */
            billing_mode: "prepaid" | "postpaid";
            /** @description The key's first characters and an ellipsis, for display. */
            key_preview: string | null;
            /** @description Always null; the full key is shown only at creation. */
            key_plain: null;
            /** Format: date-time */
            last_used_at: string | null;
            /** @description Settled requests made with the key, all time (a batch is one). */
            total_requests: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** @description The key's daily request cap; null for none. */
            daily_limit: number | null;
            /** @description Not tracked per key outside the rate limiter; always null. */
            daily_requests_remaining: null;
            company_name: null;
            prefix: string;
            monthly_budget_usd: number | null;
            spent_this_month_usd: number;
            /** Format: date-time */
            revoked_at: string | null;
        };
        /** @description The hosted API's `APIKeyCreatedResult`. */
        HostedApiKeyCreated: {
            id: string;
            name: string;
            scope: components["schemas"]["HostedApiKeyScope"];
            status: components["schemas"]["HostedApiKeyStatus"];
            /** @enum {string} */
            billing_mode: "prepaid" | "postpaid";
            /** @description The full key. Shown once; not recoverable. */
            key: string;
            key_preview: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            company_name: null;
            daily_limit: number | null;
        };
        /** @description The hosted API's `APIKeyCreateRequest`. */
        HostedApiKeyCreateRequest: {
            name: string;
            /** @default user */
            scope?: components["schemas"]["HostedApiKeyScope"];
            /** @description Daily request cap; null or omitted for none. */
            daily_limit?: number | null;
            /** @description Omitted means 30 days from now; null means never. */
            expires_at?: string | null;
            /** @description Read by the hosted API for enterprise requests; accepted and ignored. */
            request_message?: string | null;
            /** @description Read by the hosted API for enterprise requests; accepted and ignored. */
            company_name?: string | null;
            /** @description Read by the hosted API for enterprise requests; accepted and ignored. */
            expected_monthly_usage?: number | null;
        };
        RevokedKeysSummary: {
            count: number;
            total_requests_all_time: number;
            total_requests_this_month: number;
            total_usage_this_month_usd: number;
            latest_revoked_at: string | null;
        };
        HostedApiKeyListResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["HostedApiKey"][];
            revoked_summary: components["schemas"]["RevokedKeysSummary"];
        };
        HostedApiKeyResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["HostedApiKey"];
        };
        HostedApiKeyCreatedResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["HostedApiKeyCreated"];
        };
        ValidateKeyResponse: {
            /** @constant */
            valid: true;
            /** @description The key's account id. */
            user_id: string;
            scope: components["schemas"]["ApiKeyScope"];
            key_id?: string;
        };
        TimeSeriesDataPoint: {
            /**
             * Format: date-time
             * @description Start of the UTC hour or day.
             */
            timestamp: string;
            requests: number;
            /** @description Original tokens. */
            input_tokens: number;
            compressed_input_tokens: number;
            /** @description The compressed tokens returned (equal to compressed_input_tokens). */
            output_tokens: number;
            cost_usd: number;
            /** @description Always 0 (the downstream model's price is unknown to crema). */
            savings_usd: number;
        };
        SourceUsage: {
            /** @description The requests' `source`; null for requests that sent none. */
            source: string | null;
            requests: number;
            input_tokens: number;
            compressed_input_tokens: number;
            cost_usd: number;
        };
        UsageStatsResult: {
            period: string;
            /** Format: date-time */
            period_start: string;
            /**
             * Format: date-time
             * @description End of the period (excluded).
             */
            period_end: string;
            /** @enum {string} */
            group_by: "hour" | "day";
            time_series: components["schemas"]["TimeSeriesDataPoint"][];
            total_requests: number;
            total_input_tokens: number;
            total_compressed_input_tokens: number;
            total_output_tokens: number;
            total_cost_usd: number;
            total_savings_usd: number;
            /** @description Same as total_cost_usd. */
            total_spent_usd: number;
            api_key_id: string | null;
            model: string | null;
            /** @description Key id (`none` for usage without a key) -> series; null unless include_per_key. */
            per_key_time_series: {
                [key: string]: components["schemas"]["TimeSeriesDataPoint"][];
            } | null;
            /** @description crema's addition: totals per request `source`, the largest first. */
            by_source: components["schemas"]["SourceUsage"][];
        };
        UsageStatsResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["UsageStatsResult"];
        };
        /**
         * @description `day`: UTC calendar day (YYYY-MM-DD); `model`: model id; `key`: API key id; `source`: the requests' `source` (`none` for requests that sent none).
         * @default day
         * @enum {string}
         */
        UsageGroupBy: "day" | "model" | "key" | "source";
        UsageTotals: {
            requests: number;
            original_tokens: number;
            compressed_tokens: number;
            /** @description original_tokens minus compressed_tokens. */
            tokens_saved: number;
            /** @description What was charged, in USD. */
            cost_usd: number;
        };
        UsageGroup: components["schemas"]["UsageTotals"] & {
            /** @description The day, model id, API key id (`none` for usage without a key) or source (`none` for requests without one). */
            group: string;
            /** @description For display; a key's group is labelled with its name and prefix. */
            label: string;
        };
        UsageReport: {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            group_by: components["schemas"]["UsageGroupBy"];
            groups: components["schemas"]["UsageGroup"][];
            totals: components["schemas"]["UsageTotals"];
        };
        UsageReportResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["UsageReport"];
        };
        /** @enum {string} */
        LedgerEntryKind: "grant" | "top_up" | "charge";
        LedgerEntry: {
            id: string;
            kind: components["schemas"]["LedgerEntryKind"];
            /** @description Credit added (positive) or charged (negative). */
            amount_usd: number;
            note: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The charged request's id (its X-Request-Id); null for grants and top-ups. */
            request_id: string | null;
            model: string | null;
            original_tokens: number | null;
            /** @description The charged request's query tokens (crema extension), billed with original_tokens: a charge is the price of original_tokens + query_tokens. Null for grants and top-ups. */
            query_tokens: number | null;
        };
        LedgerPage: {
            entries: components["schemas"]["LedgerEntry"][];
            /** @description Pass as `before` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        LedgerResponse: components["schemas"]["SuccessEnvelope"] & {
            data: components["schemas"]["LedgerPage"];
        };
        /**
         * @description Stable machine-readable error codes; clients switch on these. Codes are added, never
         *     renamed, with one exception: on 2026-12-03 four situations took the codes the hosted
         *     API's SDKs switch on (`api_key_budget_exceeded`, `insufficient_credits`,
         *     `daily_limit_exceeded`, `context_window_exceeded`); the changelog in the description
         *     of this API has the old-to-new mapping.
         * @enum {string}
         */
        ErrorCode: "validation_error" | "bad_request" | "invalid_api_key" | "expired_api_key" | "authentication_error" | "invalid_credentials" | "scope_error" | "forbidden" | "key_limit_reached" | "api_key_budget_exceeded" | "insufficient_credits" | "daily_limit_exceeded" | "rate_limit_exceeded" | "context_window_exceeded" | "model_not_found" | "not_found" | "email_taken" | "profile_exists" | "account_type_immutable" | "confirmation_mismatch" | "cannot_delete" | "https_required" | "payload_too_large" | "unsupported_media_type" | "timeout" | "service_unavailable" | "internal_error";
        /** @description The flat failure envelope used for every error a handler raises. */
        ErrorEnvelope: {
            /** @constant */
            success: false;
            /** @description Human-readable message; wording may change. */
            error: string;
            code: components["schemas"]["ErrorCode"];
            /** @description Extra context. */
            detail: string | null;
            /** @description Seconds to wait, on rate-limit errors; mirrored in the Retry-After header. */
            retry_after: number | null;
            /** @description The request field that failed validation, when attributable. */
            field: string | null;
        };
        /** @description An older form seen in the hosted API's examples (`data=null`, `error={code, message}`). crema never sends it; clients should accept it. */
        NestedErrorEnvelope: {
            /** @constant */
            success: false;
            data: null;
            error: {
                code: string;
                message: string;
            };
        };
        ValidationErrorItem: {
            /** @description Where the error is, e.g. ["body", "query"] or ["header", "x-api-key"]. */
            loc: (string | number)[];
            msg: string;
            /** @description Error type, e.g. "missing", "string_too_short", "json_invalid". */
            type: string;
        };
        /** @description The framework body for request-shape errors, unparseable JSON and missing headers. */
        HTTPValidationError: {
            detail: components["schemas"]["ValidationErrorItem"][];
        };
        /** @description The body of a 404 for a route that does not exist: {"detail": "Not Found"}. */
        RouteNotFound: {
            /** @constant */
            detail: "Not Found";
        };
        /** @description The body of a 405 for a method a path does not have: {"detail": "Method Not Allowed"}. */
        MethodNotAllowed: {
            /** @constant */
            detail: "Method Not Allowed";
        };
    };
    responses: {
        /** @description The compression result. */
        CompressionOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "original_context": "The Normans were the people who in the 10th and 11th centuries gave their name to Normandy.\n\nThe weather in Paris is mild.",
                 *         "compressed_context": "The Normans were the people who in the 10th and 11th centuries gave their name to Normandy.",
                 *         "original_tokens": 29,
                 *         "compressed_tokens": 21,
                 *         "tokens_saved": 8,
                 *         "target_compression_ratio": 0.5,
                 *         "actual_compression_ratio": 0.2759,
                 *         "duration_ms": 14
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CompressionResponse"];
            };
        };
        /** @description One result per row, in input order, with totals. */
        BatchOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "results": [
                 *           {
                 *             "original_context": "Paris is the capital of France.\n\nBerlin is the capital of Germany.",
                 *             "compressed_context": "Paris is the capital of France.",
                 *             "original_tokens": 15,
                 *             "compressed_tokens": 7,
                 *             "tokens_saved": 8,
                 *             "target_compression_ratio": 2,
                 *             "actual_compression_ratio": 0.5333,
                 *             "duration_ms": 9
                 *           },
                 *           {
                 *             "original_context": "",
                 *             "compressed_context": "",
                 *             "original_tokens": 0,
                 *             "compressed_tokens": 0,
                 *             "tokens_saved": 0,
                 *             "target_compression_ratio": 2,
                 *             "actual_compression_ratio": 0,
                 *             "duration_ms": 0
                 *           }
                 *         ],
                 *         "total_original_tokens": 15,
                 *         "total_compressed_tokens": 7,
                 *         "total_tokens_saved": 8,
                 *         "average_compression_ratio": 0.2667,
                 *         "count": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BatchResponse"];
            };
        };
        /** @description The compressed transcript with accounting. */
        HistoryOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "summary": "user: I am planning a trip to Lisbon in May. What should I pack?\nassistant: Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river.\nuser: [...]",
                 *         "messages": [
                 *           {
                 *             "role": "system",
                 *             "content": "You are a travel assistant."
                 *           },
                 *           {
                 *             "role": "user",
                 *             "content": "user: I am planning a trip to Lisbon in May. What should I pack?\nassistant: Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river.\nuser: [...]"
                 *           },
                 *           {
                 *             "role": "assistant",
                 *             "content": "Baixa and Chiado are central and flat; Alfama is charming but hilly."
                 *           },
                 *           {
                 *             "role": "user",
                 *             "content": "Book me a hotel in Chiado then."
                 *           }
                 *         ],
                 *         "original_tokens": 100,
                 *         "compressed_tokens": 86,
                 *         "tokens_saved": 14,
                 *         "messages_compressed": 3,
                 *         "messages_kept": 2,
                 *         "compression_ratio": 1.16,
                 *         "target_compression_ratio": null,
                 *         "actual_compression_ratio": 0.14,
                 *         "duration_ms": 240
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HistoryResponse"];
            };
        };
        /** @description One history result per row, in input order, with totals. */
        HistoryBatchOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "results": [
                 *           {
                 *             "summary": "user: I am planning a trip to Lisbon in May. What should I pack?\nassistant: Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river.\nuser: [...]",
                 *             "messages": [
                 *               {
                 *                 "role": "system",
                 *                 "content": "You are a travel assistant."
                 *               },
                 *               {
                 *                 "role": "user",
                 *                 "content": "user: I am planning a trip to Lisbon in May. What should I pack?\nassistant: Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river.\nuser: [...]"
                 *               },
                 *               {
                 *                 "role": "assistant",
                 *                 "content": "Baixa and Chiado are central and flat; Alfama is charming but hilly."
                 *               },
                 *               {
                 *                 "role": "user",
                 *                 "content": "Book me a hotel in Chiado then."
                 *               }
                 *             ],
                 *             "original_tokens": 100,
                 *             "compressed_tokens": 86,
                 *             "tokens_saved": 14,
                 *             "messages_compressed": 3,
                 *             "messages_kept": 2,
                 *             "compression_ratio": 1.16,
                 *             "target_compression_ratio": null,
                 *             "actual_compression_ratio": 0.14,
                 *             "duration_ms": 152
                 *           },
                 *           {
                 *             "summary": "user: I am planning a trip to Lisbon in May. What should I pack? week and want to walk",
                 *             "messages": [
                 *               {
                 *                 "role": "system",
                 *                 "content": "You are a travel assistant."
                 *               },
                 *               {
                 *                 "role": "user",
                 *                 "content": "user: I am planning a trip to Lisbon in May. What should I pack? week and want to walk"
                 *               },
                 *               {
                 *                 "role": "assistant",
                 *                 "content": "Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river."
                 *               }
                 *             ],
                 *             "original_tokens": 65,
                 *             "compressed_tokens": 59,
                 *             "tokens_saved": 6,
                 *             "messages_compressed": 1,
                 *             "messages_kept": 1,
                 *             "compression_ratio": 1.1,
                 *             "target_compression_ratio": null,
                 *             "actual_compression_ratio": 0.0923,
                 *             "duration_ms": 152
                 *           }
                 *         ],
                 *         "total_original_tokens": 165,
                 *         "total_compressed_tokens": 145,
                 *         "total_tokens_saved": 20,
                 *         "average_compression_ratio": 0.1162,
                 *         "count": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["HistoryBatchResponse"];
            };
        };
        /** @description The compressed tool output, in the input's shape, with accounting. */
        ToolOutputOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "tool_name": "run_tests",
                 *         "compressed_output": "[... 3 lines]\n2026-11-24 10:00:04 ERROR test usage: expected 3 requests, got 2\n[... 1 line]\n2026-11-24 10:00:06 INFO finished: 4 passed, 1 failed",
                 *         "detected_format": "log",
                 *         "original_tokens": 118,
                 *         "compressed_tokens": 59,
                 *         "tokens_saved": 59,
                 *         "compression_ratio": 2,
                 *         "target_compression_ratio": null,
                 *         "actual_compression_ratio": 0.5,
                 *         "duration_ms": 309
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ToolOutputResponse"];
            };
        };
        /** @description One tool-output result per row, in input order, with totals. */
        ToolOutputBatchOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "results": [
                 *           {
                 *             "tool_name": "run_tests",
                 *             "compressed_output": "[... 3 lines]\n2026-11-24 10:00:04 ERROR test usage: expected 3 requests, got 2\n[... 1 line]\n2026-11-24 10:00:06 INFO finished: 4 passed, 1 failed",
                 *             "detected_format": "log",
                 *             "original_tokens": 118,
                 *             "compressed_tokens": 59,
                 *             "tokens_saved": 59,
                 *             "compression_ratio": 2,
                 *             "target_compression_ratio": null,
                 *             "actual_compression_ratio": 0.5,
                 *             "duration_ms": 197
                 *           },
                 *           {
                 *             "tool_name": "search_issues",
                 *             "compressed_output": "{\"results\":[{\"id\":17,\"state\":\"closed\",\"_omitted\":3},{\"id\":18,\"title\":\"Add dark mode\",\"state\":\"open\",\"_omitted\":2}]}",
                 *             "detected_format": "json",
                 *             "original_tokens": 83,
                 *             "compressed_tokens": 39,
                 *             "tokens_saved": 44,
                 *             "compression_ratio": 2.13,
                 *             "target_compression_ratio": null,
                 *             "actual_compression_ratio": 0.5301,
                 *             "duration_ms": 197
                 *           }
                 *         ],
                 *         "total_original_tokens": 201,
                 *         "total_compressed_tokens": 98,
                 *         "total_tokens_saved": 103,
                 *         "average_compression_ratio": 0.5151,
                 *         "count": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ToolOutputBatchResponse"];
            };
        };
        /** @description The names of the relevant tools, with the reasoning and accounting. */
        ToolDiscoveryOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "relevant_tools": [
                 *           "get_weather",
                 *           "send_email"
                 *         ],
                 *         "tool_count": 2,
                 *         "original_tool_count": 3,
                 *         "reasoning": "get_weather: related \"rain\" ~ \"weather\", \"lisbon\" ~ \"forecast\"\nsend_email: only faint near words matched",
                 *         "duration_ms": 84,
                 *         "original_tokens": 114,
                 *         "compressed_tokens": 75,
                 *         "tokens_saved": 39,
                 *         "actual_compression_ratio": 0.3421
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ToolDiscoveryResponse"];
            };
        };
        /** @description One tool-discovery result per input, in input order, with totals. */
        ToolDiscoveryBatchOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "results": [
                 *           {
                 *             "relevant_tools": [
                 *               "get_weather",
                 *               "send_email"
                 *             ],
                 *             "tool_count": 2,
                 *             "original_tool_count": 3,
                 *             "reasoning": "get_weather: related \"rain\" ~ \"weather\", \"lisbon\" ~ \"forecast\"\nsend_email: only faint near words matched",
                 *             "duration_ms": 108,
                 *             "original_tokens": 114,
                 *             "compressed_tokens": 75,
                 *             "tokens_saved": 39,
                 *             "actual_compression_ratio": 0.3421
                 *           },
                 *           {
                 *             "relevant_tools": [
                 *               "send_email"
                 *             ],
                 *             "tool_count": 1,
                 *             "original_tool_count": 3,
                 *             "reasoning": "send_email: matches \"email\"; related \"itinerary\" ~ \"recipients\"",
                 *             "duration_ms": 108,
                 *             "original_tokens": 114,
                 *             "compressed_tokens": 39,
                 *             "tokens_saved": 75,
                 *             "actual_compression_ratio": 0.6579
                 *           }
                 *         ],
                 *         "total_original_tokens": 228,
                 *         "total_compressed_tokens": 114,
                 *         "total_tokens_saved": 114,
                 *         "average_compression_ratio": 0.5,
                 *         "count": 2
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ToolDiscoveryBatchResponse"];
            };
        };
        /** @description A Server-Sent Events stream. Each frame is `data: <StreamEvent JSON>` followed by a blank line. */
        StreamOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /** @example data: {"content":"The Normans gave their name to Normandy.","done":true,"error":null} */
                "text/event-stream": string;
            };
        };
        /** @description The family is serving (status ok, or degraded when a model's weights are missing). */
        HealthOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "status": "ok",
                 *       "compression_server": true,
                 *       "family": "question-specific",
                 *       "version": "0.1.0",
                 *       "uptime_s": 12.5,
                 *       "database": {
                 *         "status": "ok",
                 *         "driver": "pglite"
                 *       },
                 *       "rate_limits": {
                 *         "status": "ok",
                 *         "store": "memory"
                 *       },
                 *       "models": [
                 *         {
                 *           "id": "latte_v1",
                 *           "status": "available"
                 *         },
                 *         {
                 *           "id": "latte_v2",
                 *           "status": "available"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["HealthResponse"];
            };
        };
        /** @description The database does not answer. */
        HealthUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["HealthResponse"];
            };
        };
        /** @description The family's models. */
        ModelListOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "family": "question-specific",
                 *         "tokenizer": "o200k_base",
                 *         "models": [
                 *           {
                 *             "id": "latte_v1",
                 *             "family": "question-specific",
                 *             "description": "Query-aware token classifier; the accurate model.",
                 *             "accepts_query": true,
                 *             "query": "required",
                 *             "supports_dynamic": false,
                 *             "default_target_compression_ratio": 0.5,
                 *             "max_context_tokens": 128000,
                 *             "input_price_per_1m": 0.1,
                 *             "status": "available",
                 *             "tokenizer": "o200k_base"
                 *           }
                 *         ],
                 *         "sample_texts": [
                 *           {
                 *             "name": "Release notes (ask which version fixed the memory leak)",
                 *             "text": "Version 2.3.1 fixes a memory leak in the image cache."
                 *           }
                 *         ],
                 *         "compression_models": [
                 *           {
                 *             "value": "latte_v1",
                 *             "label": "Latte v1",
                 *             "description": "Query-aware token classifier; the accurate model.",
                 *             "tier_scale": "latte_v1"
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ModelListResponse"];
            };
        };
        /** @description One model record. */
        ModelOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ModelResponse"];
            };
        };
        /** @description The model id is not one of this family's models (on `/api/compress/models/{model_id}`: of any family). */
        ModelNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Model 'latte_v9' not found in family question-specific",
                 *       "code": "model_not_found",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": "model_id"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A new bearer session. */
        SessionOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["SessionResponse"];
            };
        };
        /** @description Done. */
        MessageOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": "API key revoked",
                 *       "data": null
                 *     }
                 */
                "application/json": components["schemas"]["MessageResponse"];
            };
        };
        /** @description Created. */
        MessageCreated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": "Profile created",
                 *       "data": null
                 *     }
                 */
                "application/json": components["schemas"]["MessageResponse"];
            };
        };
        /** @description The new key; `key` holds the full value, shown only here. */
        ApiKeyCreatedOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiKeyCreatedResponse"];
            };
        };
        /** @description The caller's keys (never the full values). */
        ApiKeyListOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiKeyListResponse"];
            };
        };
        /** @description One key record. */
        ApiKeyOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ApiKeyResponse"];
            };
        };
        /** @description The caller's profile. */
        ProfileOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ProfileResponse"];
            };
        };
        /** @description The caller's role and account type. */
        RoleOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "role": "user",
                 *       "is_admin": false,
                 *       "account_type": "enterprise"
                 *     }
                 */
                "application/json": components["schemas"]["RoleResponse"];
            };
        };
        /** @description The caller's tier limits, with per-model scaling. */
        RateLimitsOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RateLimitsResponse"];
            };
        };
        /** @description Whether the account can be deleted, with the reasons when not. */
        CanDeleteOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "can_delete": false,
                 *         "reasons": [
                 *           "the last admin account cannot be deleted"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CanDeleteResponse"];
            };
        };
        /** @description The caller's usage per group, with totals. */
        UsageReportOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "from": "2026-11-23",
                 *         "to": "2026-11-24",
                 *         "group_by": "day",
                 *         "groups": [
                 *           {
                 *             "group": "2026-11-23",
                 *             "label": "2026-11-23",
                 *             "requests": 0,
                 *             "original_tokens": 0,
                 *             "compressed_tokens": 0,
                 *             "tokens_saved": 0,
                 *             "cost_usd": 0
                 *           },
                 *           {
                 *             "group": "2026-11-24",
                 *             "label": "2026-11-24",
                 *             "requests": 2,
                 *             "original_tokens": 1200,
                 *             "compressed_tokens": 500,
                 *             "tokens_saved": 700,
                 *             "cost_usd": 0.00012
                 *           }
                 *         ],
                 *         "totals": {
                 *           "requests": 2,
                 *           "original_tokens": 1200,
                 *           "compressed_tokens": 500,
                 *           "tokens_saved": 700,
                 *           "cost_usd": 0.00012
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["UsageReportResponse"];
            };
        };
        /** @description One page of the caller's ledger, newest first. */
        LedgerOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": true,
                 *       "message": null,
                 *       "data": {
                 *         "entries": [
                 *           {
                 *             "id": "7",
                 *             "kind": "charge",
                 *             "amount_usd": -0.00006,
                 *             "note": null,
                 *             "created_at": "2026-11-24T01:02:03.000Z",
                 *             "request_id": "3b1f0c2e",
                 *             "model": "latte_v2",
                 *             "original_tokens": 600,
                 *             "query_tokens": 8
                 *           },
                 *           {
                 *             "id": "1",
                 *             "kind": "grant",
                 *             "amount_usd": 10,
                 *             "note": "starting credit",
                 *             "created_at": "2026-11-23T09:00:00.000Z",
                 *             "request_id": null,
                 *             "model": null,
                 *             "original_tokens": null,
                 *             "query_tokens": null
                 *           }
                 *         ],
                 *         "next_cursor": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["LedgerResponse"];
            };
        };
        /** @description The account's new balance. */
        BalanceOk: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["BalanceResponse"];
            };
        };
        /** @description The request is well-formed but not allowed (codes: bad_request, profile_exists, account_type_immutable, confirmation_mismatch, cannot_delete). A request Node's HTTP parser cannot read gets this status too, with an empty body: see MalformedRequest. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "account_type cannot change once set",
                 *       "code": "account_type_immutable",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": "account_type"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Node's HTTP parser rejected the request before crema read it: a malformed request line or header, an unknown method, a missing Host on HTTP/1.1, a bad or conflicting Content-Length / Transfer-Encoding. The body is empty and the connection is closed (`Connection: close`). */
        MalformedRequest: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The request's headers or body did not arrive in time (the server's `headersTimeout`, keep-alive timeout + 1 s, or Node's `requestTimeout`, 300 s). Sent by Node with an empty body and `Connection: close`. */
        RequestTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The request carried an `Expect` header other than `100-continue`. Sent by Node with an empty body. */
        ExpectationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The request line and headers together are over Node's limit (16 KiB): an oversized header, cookie or query string. Sent by Node with an empty body and `Connection: close`. */
        HeaderFieldsTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The path exists but not with this method (e.g. `PUT /api/billing/tiers`). No operation lists it, since it answers the methods a path does not have: {"detail": "Method Not Allowed"}. */
        MethodNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "detail": "Method Not Allowed"
                 *     }
                 */
                "application/json": components["schemas"]["MethodNotAllowed"];
            };
        };
        /** @description Invalid, revoked or expired credential (codes: invalid_api_key, expired_api_key, authentication_error, invalid_credentials). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Invalid or revoked API key",
                 *       "code": "invalid_api_key",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The key's monthly budget is exhausted (code api_key_budget_exceeded; `budget_exceeded` before 2026-12-03) until the next calendar month or until the cap is raised. */
        PaymentRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Monthly budget of this API key is exhausted",
                 *       "code": "api_key_budget_exceeded",
                 *       "detail": "budget $5, spent $4.99, this request needs up to $0.02",
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The credential is valid but may not do this (codes: scope_error, forbidden, key_limit_reached, https_required). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Demo keys may only call the single question-specific route",
                 *       "code": "scope_error",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The referenced resource does not exist, or is not the caller's (codes: not_found, model_not_found). */
        ResourceNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "API key not found",
                 *       "code": "not_found",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": "key_id"
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The resource already exists (code email_taken). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body is over 10 MB (code payload_too_large). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The body's charset is not UTF-8 (or a compatible one), or its `Content-Encoding` is not one of identity, gzip, deflate, br (code unsupported_media_type). */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Unsupported charset \"LATIN1\"",
                 *       "code": "unsupported_media_type",
                 *       "detail": "send the JSON body as UTF-8",
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Plain HTTP reached a server started with `REQUIRE_HTTPS=true` (code https_required): retry over HTTPS. */
        HttpsRequired: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Plain HTTP is not supported; use HTTPS",
                 *       "code": "https_required",
                 *       "detail": null,
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description The request failed validation. Shape errors (missing or mistyped fields, empty `query`,
         *     ratio 0 or above 200, unknown model, batch size outside 1..100, missing `X-API-Key`,
         *     unparseable JSON) use the framework body `{detail:[{loc, msg, type}]}`. Rules across
         *     fields (`dynamic*` sent to latte_v1, `dynamic_max_ratio < dynamic_min_ratio`, a query
         *     sent to `toc_americano_v1`) use the envelope with code `validation_error` and `field`.
         *     An item longer than the model's `max_context_tokens` (query included) uses the envelope
         *     with code `context_window_exceeded` (`validation_error` before 2026-12-03), the item's
         *     text field in `field` and the counts in `detail`.
         */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["HTTPValidationError"] | components["schemas"]["ErrorEnvelope"];
            };
        };
        /**
         * @description A tier quota was hit (code rate_limit_exceeded, with `Retry-After` and `retry_after`;
         *     it clears when the window rolls over; also when the account already has
         *     `MAX_CONCURRENT_PER_ACCOUNT` compression requests running, default 4, Retry-After 1),
         *     the API key's daily request cap is spent (code daily_limit_exceeded, with `Retry-After`
         *     and `retry_after`; `rate_limit_exceeded` before 2026-12-03), or the usage balance
         *     cannot cover the request's worst-case cost (code insufficient_credits,
         *     `insufficient_balance` before 2026-12-03; no Retry-After: waiting does not clear it).
         */
        TooManyRequests: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Rate limit exceeded (rpm)",
                 *       "code": "rate_limit_exceeded",
                 *       "detail": "tier1 allows 60 requests per minute",
                 *       "retry_after": 12,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Unexpected failure; safe to retry once after a short delay (code internal_error). */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "Internal server error",
                 *       "code": "internal_error",
                 *       "detail": "request id 3b1f...",
                 *       "retry_after": null,
                 *       "field": null
                 *     }
                 */
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description A dependency is unavailable (code service_unavailable): the database does not answer, or the model's weights are not installed. Nothing was charged; honour Retry-After. */
        ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request exceeded the 60-second server-side budget (code timeout). */
        GatewayTimeout: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        /**
         * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
         * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
         */
        XApiKey: string;
        /**
         * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
         * @example latte_v1
         */
        ModelId: string;
        /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
        KeyId: string;
        /** @description The account's id. Not a UUID: 422 `{detail}` (loc `[path, account_id]`). */
        AccountId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Seconds to wait before retrying.
         * @example 12
         */
        RetryAfter: number;
        /** @description The request id, echoed from the request's `X-Request-Id` or generated. */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    questionSpecificCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "The Normans were the people who in the 10th and 11th centuries gave their name to Normandy.\n\nThe weather in Paris is mild.",
                 *       "query": "In what country is Normandy located?",
                 *       "compression_model_name": "latte_v1",
                 *       "target_compression_ratio": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["QuestionSpecificRequest"];
            };
        };
        responses: {
            200: components["responses"]["CompressionOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    questionSpecificBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "context": "Paris is the capital of France.\n\nBerlin is the capital of Germany.",
                 *           "query": "What is the capital of France?"
                 *         },
                 *         {
                 *           "context": null,
                 *           "query": "Anything?"
                 *         }
                 *       ],
                 *       "compression_model_name": "latte_v2",
                 *       "target_compression_ratio": 2
                 *     }
                 */
                "application/json": components["schemas"]["QuestionSpecificBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["BatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    questionSpecificStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "The Normans were the people who in the 10th and 11th centuries gave their name to Normandy.\n\nThe weather in Paris is mild.",
                 *       "query": "In what country is Normandy located?",
                 *       "compression_model_name": "latte_v1"
                 *     }
                 */
                "application/json": components["schemas"]["QuestionSpecificRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    questionSpecificHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    questionSpecificListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    questionSpecificGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    questionAgnosticCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "Revenue grew 12% to $4.2M in Q3 2025, driven by the Berlin office.\n\nThe team also enjoyed a picnic.",
                 *       "compression_model_name": "espresso_v1",
                 *       "target_compression_ratio": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["QuestionAgnosticRequest"];
            };
        };
        responses: {
            200: components["responses"]["CompressionOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    questionAgnosticBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "context": "Our quarterly report shows revenue rose 12% to $4.2 million. Most of the growth came from the new subscription plan. Costs rose 5%, mainly hosting."
                 *         },
                 *         {
                 *           "context": "The team grew from 14 to 17 people. We plan to open an office in Lisbon next spring."
                 *         }
                 *       ],
                 *       "compression_model_name": "espresso_v1",
                 *       "target_compression_ratio": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["QuestionAgnosticBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["BatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    questionAgnosticStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "Our quarterly report shows revenue rose 12% to $4.2 million. Most of the growth came from the new subscription plan. Costs rose 5%, mainly hosting.",
                 *       "compression_model_name": "espresso_v1"
                 *     }
                 */
                "application/json": components["schemas"]["QuestionAgnosticRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    questionAgnosticHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    questionAgnosticListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    questionAgnosticGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    markdownCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "# Install\n\nRun the installer and wait for it to finish, which usually takes a minute or two.\n\n```sh\nnpm ci\n```",
                 *       "compression_model_name": "markdown_v1",
                 *       "target_compression_ratio": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["MarkdownRequest"];
            };
        };
        responses: {
            200: components["responses"]["CompressionOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    markdownBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "context": "# Install\n\nRun `npm ci` in the repository root. This installs every dependency and takes about a minute.\n\n## Start\n\nRun `npm start`; the server listens on port 8080."
                 *         },
                 *         {
                 *           "context": "## Usage\n\n- `crema compress FILE` shortens a file.\n- `crema keys list` shows your keys."
                 *         }
                 *       ],
                 *       "compression_model_name": "markdown_v1"
                 *     }
                 */
                "application/json": components["schemas"]["MarkdownBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["BatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    markdownStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "context": "# Install\n\nRun `npm ci` in the repository root. This installs every dependency and takes about a minute.\n\n## Start\n\nRun `npm start`; the server listens on port 8080.",
                 *       "compression_model_name": "markdown_v1"
                 *     }
                 */
                "application/json": components["schemas"]["MarkdownRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    markdownHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    markdownListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    markdownGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    historyCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messages": [
                 *         {
                 *           "role": "system",
                 *           "content": "You are a travel assistant."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "I am planning a trip to Lisbon in May. What should I pack? I will stay for a week and want to walk a lot."
                 *         },
                 *         {
                 *           "role": "assistant",
                 *           "content": "Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "Which neighbourhood is best to stay in?"
                 *         },
                 *         {
                 *           "role": "assistant",
                 *           "content": "Baixa and Chiado are central and flat; Alfama is charming but hilly."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "Book me a hotel in Chiado then."
                 *         }
                 *       ],
                 *       "compression_model_name": "hcc_latte_v1",
                 *       "keep_recent": 2
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRequest"];
            };
        };
        responses: {
            200: components["responses"]["HistoryOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    historyBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "messages": [
                 *             {
                 *               "role": "system",
                 *               "content": "You are a travel assistant."
                 *             },
                 *             {
                 *               "role": "user",
                 *               "content": "I am planning a trip to Lisbon in May. What should I pack? I will stay for a week and want to walk a lot."
                 *             },
                 *             {
                 *               "role": "assistant",
                 *               "content": "Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river."
                 *             },
                 *             {
                 *               "role": "user",
                 *               "content": "Which neighbourhood is best to stay in?"
                 *             },
                 *             {
                 *               "role": "assistant",
                 *               "content": "Baixa and Chiado are central and flat; Alfama is charming but hilly."
                 *             },
                 *             {
                 *               "role": "user",
                 *               "content": "Book me a hotel in Chiado then."
                 *             }
                 *           ],
                 *           "compression_model_name": "hcc_latte_v1",
                 *           "keep_recent": 2
                 *         },
                 *         {
                 *           "messages": [
                 *             {
                 *               "role": "system",
                 *               "content": "You are a travel assistant."
                 *             },
                 *             {
                 *               "role": "user",
                 *               "content": "I am planning a trip to Lisbon in May. What should I pack? I will stay for a week and want to walk a lot."
                 *             },
                 *             {
                 *               "role": "assistant",
                 *               "content": "Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river."
                 *             }
                 *           ],
                 *           "compression_model_name": "hcc_espresso_v1",
                 *           "keep_recent": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["HistoryBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["HistoryBatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    historyStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messages": [
                 *         {
                 *           "role": "system",
                 *           "content": "You are a travel assistant."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "I am planning a trip to Lisbon in May. What should I pack? I will stay for a week and want to walk a lot."
                 *         },
                 *         {
                 *           "role": "assistant",
                 *           "content": "Pack light layers, comfortable walking shoes for the hills and cobblestones, a light rain jacket and sunscreen. Evenings can be cool near the river."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "Which neighbourhood is best to stay in?"
                 *         },
                 *         {
                 *           "role": "assistant",
                 *           "content": "Baixa and Chiado are central and flat; Alfama is charming but hilly."
                 *         },
                 *         {
                 *           "role": "user",
                 *           "content": "Book me a hotel in Chiado then."
                 *         }
                 *       ],
                 *       "compression_model_name": "hcc_latte_v1",
                 *       "keep_recent": 2
                 *     }
                 */
                "application/json": components["schemas"]["HistoryRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    historyHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    historyListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    historyGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    toolOutputCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tool_output": "2026-12-03 08:00:01 INFO start\n2026-12-03 08:00:02 INFO health check ok in 3 ms\n2026-12-03 08:00:03 INFO health check ok in 4 ms\n2026-12-03 08:00:04 INFO health check ok in 2 ms\n2026-12-03 08:00:05 INFO health check ok in 3 ms\n2026-12-03 08:00:06 INFO health check ok in 5 ms\n2026-12-03 08:00:07 ERROR disk full on /var\n2026-12-03 08:00:08 INFO done",
                 *       "tool_name": "shell",
                 *       "compression_model_name": "toc_americano_v1"
                 *     }
                 */
                "application/json": components["schemas"]["ToolOutputRequest"];
            };
        };
        responses: {
            200: components["responses"]["ToolOutputOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    toolOutputBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "tool_output": "2026-11-24 10:00:01 INFO starting test run\n2026-11-24 10:00:02 INFO test auth: passed\n2026-11-24 10:00:03 INFO test keys: passed\n2026-11-24 10:00:04 ERROR test usage: expected 3 requests, got 2\n2026-11-24 10:00:05 INFO test ledger: passed\n2026-11-24 10:00:06 INFO finished: 4 passed, 1 failed",
                 *           "tool_name": "run_tests",
                 *           "query": "Which test failed?",
                 *           "compression_model_name": "toc_latte_v1"
                 *         },
                 *         {
                 *           "tool_output": "{\"results\":[{\"id\":17,\"title\":\"Fix memory leak in image cache\",\"state\":\"closed\",\"labels\":[\"bug\"],\"body\":\"The cache kept every decoded frame; it now evicts the least recently used one.\"},{\"id\":18,\"title\":\"Add dark mode\",\"state\":\"open\",\"labels\":[\"feature\"],\"body\":\"Users asked for a dark theme on the settings page and the dashboard.\"}]}",
                 *           "tool_name": "search_issues",
                 *           "compression_model_name": "toc_americano_v1"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ToolOutputBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["ToolOutputBatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    toolOutputStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tool_output": "2026-11-24 10:00:01 INFO starting test run\n2026-11-24 10:00:02 INFO test auth: passed\n2026-11-24 10:00:03 INFO test keys: passed\n2026-11-24 10:00:04 ERROR test usage: expected 3 requests, got 2\n2026-11-24 10:00:05 INFO test ledger: passed\n2026-11-24 10:00:06 INFO finished: 4 passed, 1 failed",
                 *       "tool_name": "run_tests",
                 *       "query": "Which test failed?",
                 *       "compression_model_name": "toc_latte_v1"
                 *     }
                 */
                "application/json": components["schemas"]["ToolOutputRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    toolOutputHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    toolOutputListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    toolOutputGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    toolDiscoveryCompress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "Will it rain in Lisbon tomorrow?",
                 *       "tools": [
                 *         {
                 *           "name": "get_weather",
                 *           "description": "Current weather and forecast for a city.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "city": {
                 *                 "type": "string"
                 *               }
                 *             },
                 *             "required": [
                 *               "city"
                 *             ]
                 *           }
                 *         },
                 *         {
                 *           "name": "send_email",
                 *           "description": "Send an email to one or more recipients.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "to": {
                 *                 "type": "string"
                 *               },
                 *               "subject": {
                 *                 "type": "string"
                 *               }
                 *             }
                 *           }
                 *         },
                 *         {
                 *           "name": "get_directions",
                 *           "description": "Route between two places with travel time.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "origin": {
                 *                 "type": "string"
                 *               },
                 *               "destination": {
                 *                 "type": "string"
                 *               }
                 *             }
                 *           }
                 *         }
                 *       ],
                 *       "compression_model_name": "tdc_coldbrew_v1",
                 *       "max_tools": 2
                 *     }
                 */
                "application/json": components["schemas"]["ToolDiscoveryRequest"];
            };
        };
        responses: {
            200: components["responses"]["ToolDiscoveryOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    toolDiscoveryBatch: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "inputs": [
                 *         {
                 *           "query": "Will it rain in Lisbon tomorrow?",
                 *           "tools": [
                 *             {
                 *               "name": "get_weather",
                 *               "description": "Current weather and forecast for a city.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "city": {
                 *                     "type": "string"
                 *                   }
                 *                 },
                 *                 "required": [
                 *                   "city"
                 *                 ]
                 *               }
                 *             },
                 *             {
                 *               "name": "send_email",
                 *               "description": "Send an email to one or more recipients.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "to": {
                 *                     "type": "string"
                 *                   },
                 *                   "subject": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             },
                 *             {
                 *               "name": "get_directions",
                 *               "description": "Route between two places with travel time.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "origin": {
                 *                     "type": "string"
                 *                   },
                 *                   "destination": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           ],
                 *           "compression_model_name": "tdc_coldbrew_v1",
                 *           "max_tools": 2
                 *         },
                 *         {
                 *           "query": "Email the itinerary to Ana",
                 *           "tools": [
                 *             {
                 *               "name": "get_weather",
                 *               "description": "Current weather and forecast for a city.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "city": {
                 *                     "type": "string"
                 *                   }
                 *                 },
                 *                 "required": [
                 *                   "city"
                 *                 ]
                 *               }
                 *             },
                 *             {
                 *               "name": "send_email",
                 *               "description": "Send an email to one or more recipients.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "to": {
                 *                     "type": "string"
                 *                   },
                 *                   "subject": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             },
                 *             {
                 *               "name": "get_directions",
                 *               "description": "Route between two places with travel time.",
                 *               "parameters": {
                 *                 "type": "object",
                 *                 "properties": {
                 *                   "origin": {
                 *                     "type": "string"
                 *                   },
                 *                   "destination": {
                 *                     "type": "string"
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           ],
                 *           "compression_model_name": "tdc_coldbrew_v1",
                 *           "max_tools": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ToolDiscoveryBatchRequest"];
            };
        };
        responses: {
            200: components["responses"]["ToolDiscoveryBatchOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            504: components["responses"]["GatewayTimeout"];
        };
    };
    toolDiscoveryStream: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "Will it rain in Lisbon tomorrow?",
                 *       "tools": [
                 *         {
                 *           "name": "get_weather",
                 *           "description": "Current weather and forecast for a city.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "city": {
                 *                 "type": "string"
                 *               }
                 *             },
                 *             "required": [
                 *               "city"
                 *             ]
                 *           }
                 *         },
                 *         {
                 *           "name": "send_email",
                 *           "description": "Send an email to one or more recipients.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "to": {
                 *                 "type": "string"
                 *               },
                 *               "subject": {
                 *                 "type": "string"
                 *               }
                 *             }
                 *           }
                 *         },
                 *         {
                 *           "name": "get_directions",
                 *           "description": "Route between two places with travel time.",
                 *           "parameters": {
                 *             "type": "object",
                 *             "properties": {
                 *               "origin": {
                 *                 "type": "string"
                 *               },
                 *               "destination": {
                 *                 "type": "string"
                 *               }
                 *             }
                 *           }
                 *         }
                 *       ],
                 *       "compression_model_name": "tdc_coldbrew_v1",
                 *       "max_tools": 2
                 *     }
                 */
                "application/json": components["schemas"]["ToolDiscoveryRequest"];
            };
        };
        responses: {
            200: components["responses"]["StreamOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    toolDiscoveryHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["HealthOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["HealthUnavailable"];
        };
    };
    toolDiscoveryListModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelListOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    toolDiscoveryGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of the family (see `/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v1
                 */
                model_id: components["parameters"]["ModelId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    compressListModels: {
        parameters: {
            query?: {
                /** @example history */
                model_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CompressModelsResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    compressGetModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A model id of any family (see `GET /api/compress/models`). Unknown ids give 404 `model_not_found`.
                 * @example latte_v2
                 */
                model_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ModelOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ModelNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    pricingCompressionModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models and their prices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": null,
                     *       "data": [
                     *         {
                     *           "name": "latte_v1",
                     *           "display_name": "Latte v1",
                     *           "description": "Query-aware token classifier; the accurate model.",
                     *           "input_price_per_1m": 0.1,
                     *           "min_tier": null,
                     *           "family": "question-specific"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PricingModelsResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    tokensCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "prompt": "The quick brown fox jumps over the lazy dog."
                 *     }
                 */
                "application/json": components["schemas"]["TokenCountRequest"];
            };
        };
        responses: {
            /** @description The count. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tokens": 10,
                     *       "model": null,
                     *       "tokenizer": "o200k_base"
                     *     }
                     */
                    "application/json": components["schemas"]["TokenCountResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    serviceRoot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service name, version and where its docs are. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceRootResponse"];
                };
            };
            /** @description A browser (`Accept` preferring `text/html`) is sent to the dashboard. */
            302: {
                headers: {
                    /** @description `/dashboard/` */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    serviceHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is alive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LivenessResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    serviceReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Still loading, loading failed, or stopping. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessResponse"];
                };
            };
        };
    };
    serviceDeepHealth: {
        parameters: {
            query?: {
                include_stripe?: boolean;
                include_compression?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeepHealthResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description A dependency is down. */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeepHealthResponse"];
                };
            };
        };
    };
    serviceCircuits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The states. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CircuitsResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    authSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["SignupRequest"];
            };
        };
        responses: {
            201: components["responses"]["SessionOk"];
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    authLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct horse battery staple"
                 *     }
                 */
                "application/json": components["schemas"]["LoginRequest"];
            };
        };
        responses: {
            200: components["responses"]["SessionOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    authLogoutSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["MessageOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    authorizeCliToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "host": "dev-laptop"
                 *     }
                 */
                "application/json": components["schemas"]["CliTokenRequest"];
            };
        };
        responses: {
            /** @description The new key, shown only here. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "token": "cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2kL9mN1pQ",
                     *       "message": "Created key 'CLI login dev-laptop 2026-12-03'",
                     *       "key_id": "6f1c2d9e-8a4b-4c3d-9e2f-1a2b3c4d5e6f",
                     *       "key_name": "CLI login dev-laptop 2026-12-03"
                     *     }
                     */
                    "application/json": components["schemas"]["CLIKeyResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    gatewayStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's status. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayStatusResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    authorizeLogout: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is revoked (now, or already before). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "revoked_key_id": "0b6f7c9e-8f65-4a51-9b8e-2f1d3c4b5a69",
                     *       "message": "API key revoked"
                     *     }
                     */
                    "application/json": components["schemas"]["LogoutResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    keysList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ApiKeyListOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    keysCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "laptop",
                 *       "scope": "user",
                 *       "monthly_budget_usd": 5,
                 *       "daily_request_cap": 1000
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyCreateRequest"];
            };
        };
        responses: {
            201: components["responses"]["ApiKeyCreatedOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    keysGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ApiKeyOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    keysDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ApiKeyOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    keysUpdateBudget: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "monthly_budget_usd": 20
                 *     }
                 */
                "application/json": components["schemas"]["ApiKeyUpdateRequest"];
            };
        };
        responses: {
            200: components["responses"]["ApiKeyOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    hostedKeysList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's live keys and a summary of the revoked ones. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedApiKeyListResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    hostedKeysCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "laptop",
                 *       "scope": "user",
                 *       "daily_limit": 1000
                 *     }
                 */
                "application/json": components["schemas"]["HostedApiKeyCreateRequest"];
            };
        };
        responses: {
            /** @description The new key; `key` holds the full value, shown only here. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedApiKeyCreatedResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    hostedKeysGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One key record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedApiKeyResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    hostedKeysRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's id, as returned by `POST /api/keys` and `GET /api/keys`. Not a UUID: 422 `{detail}` (loc `[path, key_id]`). */
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["MessageOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    onpremValidateKey: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The caller's API key (`cmp_...`). Missing: 422 `{detail}`; malformed, unknown or revoked: 401.
                 * @example cmp_4fJ9xQ2LmN8pR5tV7wY1zA3bC6dE0gH2
                 */
                "X-API-Key": components["parameters"]["XApiKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key is live. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "valid": true,
                     *       "user_id": "5d0c8a3e-2f4b-4c1e-9a7d-6b5e4f3a2c10",
                     *       "scope": "user"
                     *     }
                     */
                    "application/json": components["schemas"]["ValidateKeyResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileCreate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "account_type": "enterprise"
                 *     }
                 */
                "application/json": components["schemas"]["ProfileCreateRequest"];
            };
        };
        responses: {
            201: components["responses"]["MessageCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RoleOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ProfileOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "display_name": "Ada Lovelace"
                 *     }
                 */
                "application/json": components["schemas"]["ProfileUpdateRequest"];
            };
        };
        responses: {
            200: components["responses"]["ProfileOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileRateLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RateLimitsOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileCanDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CanDeleteOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    profileDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirmation": "DELETE"
                 *     }
                 */
                "application/json": components["schemas"]["ProfileDeleteRequest"];
            };
        };
        responses: {
            200: components["responses"]["MessageOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    usageReport: {
        parameters: {
            query?: {
                /**
                 * @description First UTC day included. Default the first day of the current month.
                 * @example 2026-11-01
                 */
                from?: string;
                /**
                 * @description Last UTC day included. Default today.
                 * @example 2026-11-24
                 */
                to?: string;
                group_by?: components["schemas"]["UsageGroupBy"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["UsageReportOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    usageStats: {
        parameters: {
            query?: {
                /** @description `last_day` is the last 24 hours, `last_week` 7 days, `last_month` 30 days, `last_year` 365 days, ending now; `current_month` starts on the first of this UTC month. */
                period?: "last_day" | "last_week" | "last_month" | "last_90_days" | "last_year" | "current_month" | "custom";
                /** @description First UTC day of a `custom` period (YYYY-MM-DD). */
                start_date?: string;
                /** @description Last UTC day of a `custom` period (YYYY-MM-DD), included. */
                end_date?: string;
                group_by?: "hour" | "day";
                /** @description Only this key's usage (an id that is not one of the caller's keys gives zeros). */
                api_key_id?: string;
                /** @description Only this model's usage. */
                model?: string;
                /** @description With no `api_key_id`, add `per_key_time_series` (key id, or `none`, -> series). */
                include_per_key?: boolean;
                skip_cache?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statistics. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsageStatsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    usageLedger: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LedgerOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminTopUpCredits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account's id. Not a UUID: 422 `{detail}` (loc `[path, account_id]`). */
                account_id: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount_usd": 25,
                 *       "note": "invoice 2026-11"
                 *     }
                 */
                "application/json": components["schemas"]["CreditTopUpRequest"];
            };
        };
        responses: {
            200: components["responses"]["BalanceOk"];
            400: components["responses"]["MalformedRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ResourceNotFound"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    billingTiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tier schedule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "tiers": [
                     *         {
                     *           "name": "tier1",
                     *           "display_name": "Tier 1",
                     *           "min_monthly_tokens": 0,
                     *           "max_api_keys": 2,
                     *           "rate_limits": {
                     *             "rpm": 60,
                     *             "tpm": 250000,
                     *             "rpd": 5000
                     *           }
                     *         }
                     *       ],
                     *       "scale_limits": {
                     *         "latte_v2": [
                     *           {
                     *             "tier": "tier1",
                     *             "rate_limits": {
                     *               "rpm": 120,
                     *               "tpm": 500000,
                     *               "rpd": 5000
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["TiersResponse"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            417: components["responses"]["ExpectationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    pricingEstimateCost: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "compression_model": "latte_v1",
                 *       "input_tokens": 1000000,
                 *       "compression_ratio": 0.5
                 *     }
                 */
                "application/json": components["schemas"]["CostEstimateRequest"];
            };
        };
        responses: {
            /** @description The estimate. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "message": null,
                     *       "data": {
                     *         "input_tokens": 1000000,
                     *         "compressed_tokens": 500000,
                     *         "tokens_saved": 500000,
                     *         "compression_ratio": 0.5,
                     *         "processing_cost_usd": 0.1,
                     *         "model": "latte_v1",
                     *         "input_price_per_1m": 0.1
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CostEstimateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["HttpsRequired"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            417: components["responses"]["ExpectationFailed"];
            422: components["responses"]["ValidationFailed"];
            429: components["responses"]["TooManyRequests"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
}
