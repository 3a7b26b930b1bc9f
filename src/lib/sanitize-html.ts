import DOMPurify from 'dompurify';

/**
 * The one HTML sanitiser (ARCHITECTURE.md: HTML from the server is sanitised before it is rendered): removes every
 * element and attribute that could run script or load content (DOMPurify's HTML profile), forms, and style
 * attributes (the production Content-Security-Policy refuses inline styles, deploy/render-nginx.ts). Where DOMPurify
 * cannot work (it would return its input unchanged), the HTML is escaped and shown as plain text instead. Every
 * `dangerouslySetInnerHTML` passes its HTML through here (test/unit/xss-sinks.test.ts finds them in the code; the XSS
 * corpus of test/fixtures/xss-vectors.jsonl runs through it in Chromium, test/e2e/xss.test.ts).
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) {
    return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    // Text to read, never a form to fill in (a notice asking for a password would be phishing).
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'style'],
    FORBID_ATTR: ['style'],
  });
}
