import { ImageUploader, type ImageUploaderProps } from 'antd-mobile';
import { useEffect, useRef } from 'react';

/**
 * antd-mobile's ImageUploader whose thumbnails are named (issue 15: every image has a text alternative): antd-mobile
 * renders each photo, uploaded or still uploading, as an <img> without `alt`, so each one gets `alt` = `label` with
 * its position ("身份证人像面 1"), set again whenever the uploader's list changes. Takes every ImageUploader prop.
 */
export function PhotoUploader({ label, ...props }: ImageUploaderProps & { label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const name = () =>
      element.querySelectorAll('img').forEach((img, index) => {
        const alt = `${label} ${index + 1}`;
        if (img.alt !== alt) img.alt = alt;
      });
    name();
    const observer = new MutationObserver(name);
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={box}>
      <ImageUploader {...props} />
    </div>
  );
}
