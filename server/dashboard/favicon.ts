/**
 * The site icon, a coffee cup in the dashboard's blue: served at /favicon.svg and at
 * /favicon.ico (browsers ask for that path on every page, the API docs included; SVG there
 * is read by its content type), so no page logs a 404 for it.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<rect width="32" height="32" rx="6" fill="#2f5597"/>
<path d="M7 12h15v7a6 6 0 0 1-6 6h-3a6 6 0 0 1-6-6z" fill="#fff"/>
<path d="M22 14h2a3 3 0 0 1 0 6h-2" fill="none" stroke="#fff" stroke-width="2"/>
<path d="M12 5c-1 2 1 3 0 5M16 5c-1 2 1 3 0 5" fill="none" stroke="#fff" stroke-width="1.5" stroke-linecap="round"/>
</svg>
`;
