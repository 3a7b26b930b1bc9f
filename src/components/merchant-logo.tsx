import { useState } from 'react';
import { safeImageUrl } from '@/lib/safe-url';
import styles from './merchant-logo.module.css';

/**
 * A merchant's round logo (home and /mine headers, issue 13 item 7): the image at `src` (made safe by safeImageUrl);
 * when there is none or it fails to load, the first character of the merchant's name on a coloured disc, so that a
 * header never shows a broken image or an empty circle. `className` sizes it (the disc takes the same box).
 */
export function MerchantLogo({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = safeImageUrl(src);
  if (!url || failed === src) {
    return (
      <span className={`${styles.initial} ${className ?? ''}`} aria-hidden="true" data-testid="merchant-initial">
        {Array.from(name.trim())[0] ?? ''}
      </span>
    );
  }
  return <img className={className} src={url} alt="" onError={() => setFailed(src)} />;
}
