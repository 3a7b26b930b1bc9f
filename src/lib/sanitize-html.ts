import DOMPurify from 'dompurify';

/** Inline styles may colour text; a style that loads or evaluates anything (url(), expression(), @import) is dropped. */
if (DOMPurify.isSupported) {
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (
      data.attrName === 'style' &&
      /url\s*\(|expression\s*\(|javascript:|@import|behavior\s*:/i.test(data.attrValue)
    ) {
      data.keepAttr = false;
    }
  });
}

/**
 * The one HTML sanitiser (ARCHITECTURE.md: HTML from the server is sanitised before it is rendered): removes every
 * element and attribute that could run script or load content (DOMPurify's HTML profile), and forms. Where DOMPurify cannot work
 * (it would return its input unchanged), the HTML is escaped and shown as plain text instead. Every
 * `dangerouslySetInnerHTML` passes its HTML through here (test/unit/xss-sinks.test.ts finds them in the code; the
 * XSS corpus of test/fixtures/xss-vectors.jsonl runs through it in Chromium, test/e2e/xss.test.ts).
 */
export function sanitizeHtml(html: string): string {
  if (!DOMPurify.isSupported) {
    return html.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  }
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    // Text to read, never a form to fill in (a notice asking for a password would be phishing).
    FORBID_TAGS: ['form', 'input', 'button', 'textarea', 'select', 'option', 'style'],
  });
}
