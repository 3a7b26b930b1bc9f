import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { safeImageUrl, safeUrl } from '@/lib/safe-url';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { useStores } from '@/stores/root';

/**
 * HTML from the server (a system message, a help article: C-mine.md "/mine/message/upgrads/info", "/mine/set" 帮助中心;
 * issue 11 item 5), shown safely: the text goes through sanitizeHtml (DOMPurify: no script, handler, frame, form or
 * style survives), and taps are handled here rather than by the browser — a link opens in the same webview only when
 * safeUrl accepts its address (an address of the app itself inside the app, an http(s) page by navigation; anything
 * else does nothing, and no link ever opens a window that could reach back), and an image opens the host's image
 * viewer over the content's images.
 */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const navigate = useNavigate();
  const { platform } = useStores();
  const box = useRef<HTMLDivElement>(null);
  // An image of the content without a text alternative gets one (it opens the image viewer: it is not decoration).
  useLayoutEffect(() => {
    box.current?.querySelectorAll('img:not([alt])').forEach((img) => img.setAttribute('alt', '消息图片'));
  }, [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    const image = target.closest('img');
    if (image && event.currentTarget.contains(image)) {
      event.preventDefault();
      const urls = Array.from(event.currentTarget.querySelectorAll('img'))
        .map((img) => safeImageUrl(img.getAttribute('src')))
        .filter(Boolean);
      const current = safeImageUrl(image.getAttribute('src'));
      if (current) platform.previewImage(urls, current);
      return;
    }
    const link = target.closest('a');
    if (!link || !event.currentTarget.contains(link)) return;
    event.preventDefault();
    const url = safeUrl(link.getAttribute('href'));
    if (!url) return;
    const parsed = new URL(url);
    if (parsed.origin === window.location.origin) {
      void navigate(`${parsed.pathname}${parsed.search}${parsed.hash}`);
      return;
    }
    window.location.assign(safeUrl(url));
  };

  return (
    // Taps on the content's links and images are handled here (see above); the keyboard follows links natively.
    <div
      ref={box}
      className={className}
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
