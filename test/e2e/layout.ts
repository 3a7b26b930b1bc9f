/**
 * The layout check (issue 30 item 2; issue 15 items 1 and 2 before it): what a person sees drawn wrong, which neither
 * behaviour tests nor axe-core see. `layoutFindings` runs in the page (page.evaluate: it is self-contained) and returns
 * one finding per rule broken, in the shape of the accessibility report (a11y.ts), each naming up to five elements:
 *
 * - `input-font-size`: an input under 16 px (iOS zooms the page into a smaller focused input);
 * - `placeholder-contrast`: a placeholder under 4.5:1 against the first opaque background behind its field;
 * - `horizontal-overflow`: a page wider than the screen (no sideways scrolling: what does not fit wraps);
 * - `link-underline`: text underlined like a link outside a real inline link (an `<a>` displayed inline, holding only
 *   inline content): a card or row wrapped in an inline `<a>` underlines all its text;
 * - `target-size`: a tap target (link, button, control, an element with a pointer cursor) under 24×24 CSS px
 *   (WCAG 2.2, 2.5.8), inline text links (a link inside a sentence) and boxes of no area (nothing drawn) aside;
 * - `narrow-control`: an input narrower than two characters, or than its placeholder or the value it shows read-only; a
 *   button whose content overflows it;
 * - `broken-word`: a line broken inside a word or a number (letters or digits on both sides of the break, no space, not
 *   right after a hyphen), or a short label (six characters at most, no space) drawn on more than one line;
 * - `clipped-text`: a text cut by a box that hides its overflow, without an ellipsis (text-overflow or line clamp): part
 *   of it shown, part hidden;
 * - `raw-value`: undefined, NaN, null or [object Object] in what the page shows;
 * - `native-button`: a button drawn with the browser's own face (its outset or inset border, a grey box): a `<button>`
 *   used as a row or a link whose styles forgot to reset it (远程充电's 请选择设备 was such a grey box).
 *
 * The host emulators' overlays (`[id^="__emulator"]`) are not the app's and are left out, as are toasts (they fade in
 * by script) and the parts of antd-mobile that clip or scroll by design (swipers, scrolling tab headers, pickers,
 * notice bars). `rules` limits the check to some rules (all when absent).
 */

/** One finding, as a11y.ts reports a violation. */
export interface LayoutFinding {
  id: string;
  impact: 'serious';
  help: string;
  nodes: { target: string[]; summary: string }[];
}

/** Every rule of the layout check, by id. */
export const LAYOUT_RULES = [
  'input-font-size',
  'placeholder-contrast',
  'horizontal-overflow',
  'link-underline',
  'target-size',
  'narrow-control',
  'broken-word',
  'clipped-text',
  'raw-value',
  'native-button',
] as const;

/** A rule of the layout check. */
export type LayoutRule = (typeof LAYOUT_RULES)[number];

/**
 * The layout check, run in the page: the findings of `rules` (every rule when absent) on what the document shows now.
 * Self-contained (page.evaluate serialises it): no reference to anything outside its body.
 */
export function layoutFindings(rules?: readonly string[]): LayoutFinding[] {
  const on = (rule: string) => !rules || rules.includes(rule);
  const found: LayoutFinding[] = [];
  const OUTSIDE =
    '[id^="__emulator"], .adm-toast-mask, .adm-swiper, .adm-tabs-header, .adm-capsule-tabs-header, ' +
    '.adm-jumbo-tabs-header, .adm-picker-view, .adm-notice-bar-content, [aria-hidden="true"]';
  /** A short name for an element in the report: its tag, test id or first class, and the start of its text. */
  const name = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).find(Boolean) : undefined;
    const label = el.getAttribute('name') ? `[name="${el.getAttribute('name')}"]` : '';
    const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}${id ? `[data-testid="${id}"]` : cls ? `.${cls}` : ''}${label}${text ? ` "${text}"` : ''}`;
  };
  const shown = (el: Element): boolean => {
    if (el.getClientRects().length === 0 || el.closest(OUTSIDE)) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && Number(style.opacity) > 0;
  };
  const report = (id: string, help: string, nodes: { el: Element; summary: string }[]) => {
    if (nodes.length > 0)
      found.push({
        id,
        impact: 'serious',
        help,
        nodes: nodes.slice(0, 5).map(({ el, summary }) => ({ target: [name(el)], summary })),
      });
  };
  const fields = [
    ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea, select'),
  ].filter(
    (el) => !['checkbox', 'radio', 'hidden', 'range', 'file'].includes(el.getAttribute('type') ?? '') && shown(el),
  );

  if (on('input-font-size'))
    report(
      'input-font-size',
      'Inputs must use at least 16 px, or iOS zooms the page when one takes the focus',
      fields
        .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
        .map((el) => ({ el, summary: `font-size ${getComputedStyle(el).fontSize}` })),
    );

  if (on('placeholder-contrast')) {
    const rgba = (value: string): [number, number, number, number] | null => {
      const m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(value);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((c) => (c ?? 0) / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const faint = fields.flatMap((el) => {
      if (!('placeholder' in el) || !el.placeholder || el.value) return [];
      const fg = rgba(getComputedStyle(el, '::placeholder').color);
      let bg: [number, number, number, number] | null = null;
      for (let node: Element | null = el; node && !bg; node = node.parentElement) {
        const colour = rgba(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] === 1) bg = colour;
      }
      const back = bg ?? [255, 255, 255, 1];
      if (!fg) return [];
      const blended = fg.slice(0, 3).map((c, i) => c * fg[3] + back[i]! * (1 - fg[3]));
      const [a, b] = [luminance(blended), luminance(back)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      return ratio < 4.5 ? [{ el, summary: `"${el.placeholder}" at ${ratio.toFixed(2)}:1` }] : [];
    });
    report(
      'placeholder-contrast',
      'Placeholder text must reach 4.5:1 against its background (the theme’s --text-placeholder does)',
      faint,
    );
  }

  if (on('horizontal-overflow')) {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return (
          box.right > width + 1 && box.width > 0 && !el.closest('[class*="adm-swiper"], [class*="adm-tabs-header"]')
        );
      });
      report(
        'horizontal-overflow',
        `The page must not be wider than the screen (${document.documentElement.scrollWidth} px in ${width} px)`,
        (wide.length > 0 ? wide : [document.body]).map((el) => ({
          el,
          summary: `right edge at ${Math.round(el.getBoundingClientRect().right)} px`,
        })),
      );
    }
  }

  // The shown text nodes, for the rules on text.
  const texts: Text[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (parent && node.textContent?.trim() && !parent.closest('script, style, noscript, template') && shown(parent))
      texts.push(node as Text);
  }
  const ATOMIC = /^inline-(block|flex|grid|table)$/;

  if (on('link-underline')) {
    const underlined = texts.flatMap((node) => {
      // Text decorations reach the in-flow descendants of the element that sets them, not atomic inlines (an
      // inline-block) nor out-of-flow boxes (absolute, fixed, float).
      let onlyInline = true;
      for (let el: Element | null = node.parentElement; el && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.textDecorationLine.includes('underline')) {
          const realLink = el.tagName === 'A' && style.display === 'inline' && onlyInline;
          return realLink
            ? []
            : [
                {
                  el,
                  summary: `"${node.textContent!.trim().slice(0, 20)}" underlined by <${el.tagName.toLowerCase()}> (${style.display})`,
                },
              ];
        }
        if (
          ATOMIC.test(style.display) ||
          style.position === 'absolute' ||
          style.position === 'fixed' ||
          style.cssFloat !== 'none'
        )
          return [];
        if (style.display !== 'inline') onlyInline = false;
      }
      return [];
    });
    const seen = new Set<Element>();
    report(
      'link-underline',
      'Only an inline link in running text may be underlined: a row or card inside an inline <a> underlines its text',
      underlined.filter(({ el }) => !seen.has(el) && Boolean(seen.add(el))),
    );
  }

  if (on('target-size')) {
    const CONTROL =
      'a[href], button, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="switch"], ' +
      '[role="radio"], [role="menuitem"], [role="option"], input, select, textarea, summary';
    const candidates = new Set<Element>(document.querySelectorAll(CONTROL));
    for (const el of document.body.querySelectorAll('*'))
      if (getComputedStyle(el).cursor === 'pointer' && getComputedStyle(el.parentElement ?? el).cursor !== 'pointer')
        candidates.add(el);
    const small = [...candidates].flatMap((el) => {
      if (!shown(el) || (el as HTMLButtonElement).disabled || el.getAttribute('type') === 'hidden') return [];
      // An input inside its label (a checkbox, a radio) is tapped through the label.
      if (el.tagName === 'INPUT' && el.closest('label')) return [];
      // A target inside a larger target is tapped through it.
      for (let up = el.parentElement; up; up = up.parentElement)
        if (candidates.has(up) && shown(up)) {
          const outer = up.getBoundingClientRect();
          if (outer.width >= 24 && outer.height >= 24) return [];
        }
      const style = getComputedStyle(el);
      // An inline text link in a sentence: its size is the text's.
      if (
        el.tagName === 'A' &&
        style.display === 'inline' &&
        (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim()
      )
        return [];
      const box = el.getBoundingClientRect();
      // A box of no area draws nothing to tap (a 0-wide input is narrow-control's finding).
      if (box.width === 0 || box.height === 0) return [];
      return box.width < 24 || box.height < 24
        ? [{ el, summary: `${Math.round(box.width)}×${Math.round(box.height)} px` }]
        : [];
    });
    report('target-size', 'A tap target must be at least 24×24 CSS px (WCAG 2.2, 2.5.8)', small);
  }

  if (on('narrow-control')) {
    const canvas = document.createElement('canvas').getContext('2d');
    const narrow = fields.flatMap((el) => {
      if (el.tagName === 'SELECT') return [];
      const style = getComputedStyle(el);
      const fontSize = parseFloat(style.fontSize);
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (room < 2 * fontSize) return [{ el, summary: `${Math.round(room)} px for its text` }];
      if (el.tagName === 'TEXTAREA' || !canvas) return [];
      canvas.font = style.font || `${style.fontSize} ${style.fontFamily}`;
      // What the input must show whole: its placeholder (a hint cut short says nothing), or a value it shows read-only
      // or disabled (it cannot be scrolled through). A value being typed scrolls inside its input, as on every phone.
      const shownText = el.value
        ? el.readOnly || el.disabled
          ? el.value
          : ''
        : 'placeholder' in el
          ? el.placeholder
          : '';
      const needed = canvas.measureText(shownText).width;
      return needed > room + 1
        ? [{ el, summary: `"${shownText.slice(0, 20)}" needs ${Math.round(needed)} px, has ${Math.round(room)}` }]
        : [];
    });
    // A button whose label is cut with an ellipsis (a long site name on a picker button) shows that it is cut. One
    // whose label spills out of it (a filter chip shrunk in a row that scrolls) draws it over its neighbour.
    const buttons = [...document.querySelectorAll<HTMLElement>('button, [role="button"], [role="tab"]')].flatMap(
      (el) => {
        if (!shown(el) || el.scrollWidth <= el.clientWidth + 1) return [];
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible')
          return [{ el, summary: `content ${el.scrollWidth} px spills out of ${el.clientWidth} px` }];
        return style.textOverflow === 'ellipsis'
          ? []
          : [{ el, summary: `content ${el.scrollWidth} px in ${el.clientWidth} px` }];
      },
    );
    report('narrow-control', 'A control must be wide enough for what it shows', [...narrow, ...buttons]);
  }

  // Each shown character's box, per text node (a range per character: the line each one is drawn on).
  const boxes = new Map<Text, (DOMRect | null)[]>();
  const boxesOf = (node: Text) => {
    let list = boxes.get(node);
    if (!list) {
      const range = document.createRange();
      list = [...(node.textContent ?? '')].map((_, i, chars) => {
        const start = chars.slice(0, i).join('').length;
        range.setStart(node, start);
        range.setEnd(node, start + chars[i]!.length);
        const rects = range.getClientRects();
        return rects.length > 0 ? rects[0]! : null;
      });
      boxes.set(node, list);
    }
    return list;
  };

  if (on('broken-word')) {
    const WORD = /[A-Za-z0-9.,:%¥/_-]/;
    const broken = texts.flatMap((node) => {
      const chars = [...(node.textContent ?? '')];
      const list = boxesOf(node);
      const lines = new Set<number>();
      let previous: { box: DOMRect; char: string } | null = null;
      let split = '';
      for (let i = 0; i < chars.length; i += 1) {
        const box = list[i];
        const char = chars[i]!;
        if (!box || box.width === 0 || /\s/.test(char)) {
          if (/\s/.test(char)) previous = null;
          continue;
        }
        lines.add(Math.round(box.top));
        // After a hyphen is where a line may break (Unicode line breaking, class HY): 扫码测试站-/支付宝, chong-/hz.cn.
        if (
          previous &&
          box.top >= previous.box.bottom - 1 &&
          WORD.test(previous.char) &&
          previous.char !== '-' &&
          WORD.test(char) &&
          !split
        )
          split = `${chars.slice(Math.max(0, i - 6), i).join('')}/${chars.slice(i, i + 6).join('')}`;
        previous = { box, char };
      }
      const text = (node.textContent ?? '').trim();
      if (split) return [{ el: node.parentElement!, summary: `broken at "${split}"` }];
      if ([...text].length <= 6 && !/\s/.test(text) && lines.size > 1)
        return [{ el: node.parentElement!, summary: `"${text}" on ${lines.size} lines` }];
      return [];
    });
    report('broken-word', 'A word, a number or a short label must not be broken across lines', broken);
  }

  if (on('clipped-text')) {
    const clipped = texts.flatMap((node) => {
      // The boxes that hide their overflow around the text, up to the first that scrolls (a user reaches what it hides).
      const clips: { el: Element; rect: DOMRect; x: boolean; y: boolean }[] = [];
      let ellipsis = false;
      for (let el: Element | null = node.parentElement; el && el !== document.documentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.textOverflow === 'ellipsis' || (style.webkitLineClamp && style.webkitLineClamp !== 'none'))
          ellipsis = true;
        const x = style.overflowX === 'hidden' || style.overflowX === 'clip';
        const y = style.overflowY === 'hidden' || style.overflowY === 'clip';
        if (
          style.overflowX === 'auto' ||
          style.overflowX === 'scroll' ||
          style.overflowY === 'auto' ||
          style.overflowY === 'scroll'
        )
          break;
        if (x || y) {
          const outer = el.getBoundingClientRect();
          const rect = new DOMRect(
            outer.left + el.clientLeft,
            outer.top + el.clientTop,
            el.clientWidth,
            el.clientHeight,
          );
          clips.push({ el, rect, x, y });
        }
      }
      if (ellipsis || clips.length === 0) return [];
      const list = boxesOf(node).filter((box): box is DOMRect => box !== null && box.width > 0);
      for (const { el, rect, x, y } of clips) {
        const inside = (box: DOMRect) =>
          (!x || (box.left >= rect.left - 1 && box.right <= rect.right + 1)) &&
          (!y || (box.top >= rect.top - 1 && box.bottom <= rect.bottom + 1));
        const cut = list.filter((box) => !inside(box)).length;
        if (cut > 0 && cut < list.length)
          return [
            {
              el,
              summary: `"${(node.textContent ?? '').trim().slice(0, 20)}": ${cut} of ${list.length} characters hidden`,
            },
          ];
      }
      return [];
    });
    report('clipped-text', 'Text that does not fit must wrap or end in an ellipsis, not be cut', clipped);
  }

  if (on('raw-value')) {
    const RAW = /(^|[^A-Za-z])(undefined|NaN|null)(?![A-Za-z])|\[object Object\]/;
    const raw = [
      ...texts
        .filter((node) => RAW.test(node.textContent ?? ''))
        .map((node) => ({ el: node.parentElement!, value: node.textContent ?? '' })),
      ...fields.filter((el) => RAW.test(el.value)).map((el) => ({ el, value: el.value })),
    ];
    report(
      'raw-value',
      'A screen must not show a raw value (undefined, NaN, null, [object Object])',
      raw.map(({ el, value }) => ({ el, summary: `"${value.trim().slice(0, 30)}"` })),
    );
  }
  if (on('native-button')) {
    // Chromium's, WebKit's and Gecko's own face of a button: a 2 px outset border (inset while pressed) on a grey fill.
    // No style of the app draws an outset or inset border, so one on a button is the browser's face left in place.
    const controls = [...document.querySelectorAll('button, input[type="button"], input[type="submit"]')].filter(shown);
    const native = controls.filter((el) => {
      const style = getComputedStyle(el);
      return [style.borderTopStyle, style.borderBottomStyle].some((s) => s === 'outset' || s === 'inset');
    });
    report(
      'native-button',
      "A button must be drawn by the app's styles, not with the browser's own grey face and outset border",
      native.map((el) => ({ el, summary: `border ${getComputedStyle(el).borderTopStyle}` })),
    );
  }
  return found;
}
