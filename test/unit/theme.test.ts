import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The theme of src/app/styles.css (issue 15 item 1): its colours meet WCAG 2.1 AA against the backgrounds they are
 * used on, and every stylesheet of the screens names them instead of a colour of its own, so that a new screen gets
 * the contrast for free. axe-core checks the rendered screens in the end-to-end suite; this test keeps the source
 * honest and says where a colour went wrong.
 */

const root = path.resolve(import.meta.dirname, '../..');
const globalCss = readFileSync(path.join(root, 'src/app/styles.css'), 'utf8');

/** The files under src/ (paths relative to the repository) whose name ends with `suffix`. */
function sourceFiles(suffix: string): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => path.join('src', file));
}

/** The custom properties of the first `:root {…}` block. */
function themeVariables(css: string): Record<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css.replace(/\/\*[\s\S]*?\*\//g, ''))?.[1] ?? '';
  return Object.fromEntries([...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}

/** An sRGB colour (#rgb, #rrggbb, rgba(r, g, b, a)) as [r, g, b, a], 0–255 and 0–1. */
function parseColour(value: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).concat(1) as [number, number, number, number];
  }
  const rgba = /^rgba?\(([^)]+)\)$/.exec(value)?.[1];
  if (rgba) {
    const [r = 0, g = 0, b = 0, a = 1] = rgba.split(',').map((part) => Number(part.trim()));
    return [r, g, b, a];
  }
  throw new Error(`not a colour: ${value}`);
}

/** `fg` painted over the opaque `bg` (alpha compositing). */
function over(fg: string, bg: string): [number, number, number] {
  const [r, g, b, a] = parseColour(fg);
  const [R, G, B] = parseColour(bg);
  return [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
}

/** WCAG 2.1 relative luminance and contrast ratio. */
function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(fg: string, bg: string): number {
  const a = luminance(over(fg, bg));
  const b = luminance(over(bg, bg));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('the theme', () => {
  const vars = themeVariables(globalCss);
  const v = (name: string) => {
    const value = vars[name];
    if (!value) throw new Error(`${name} is not in the theme`);
    return value;
  };
  /** The two ends of the header gradient. */
  const headerEnds = [...v('--header-bg').matchAll(/#[0-9a-f]{3,6}/gi)].map((m) => m[0]);

  it('the WCAG helpers compute the known ratios (black on white 21, #777 on white 4.48)', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(['--text', '--text-secondary', '--brand', '--danger', '--warning', '--success', '--teal'])(
    '%s is readable text (4.5:1) on white, on the page background and on the light tints of the tags',
    (name) => {
      for (const bg of ['#ffffff', v('--bg'), '#e8f3ff', '#fff7e8', '#fff1f0', '#e8ffea', '#f2f3f5']) {
        expect(contrast(v(name), bg), `${name} ${v(name)} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('white and the secondary white are readable on the brand colour, the header and the status tiles', () => {
    expect(headerEnds).toHaveLength(2);
    for (const bg of [v('--brand'), ...headerEnds, v('--danger'), v('--success'), v('--teal'), v('--text-secondary')]) {
      expect(contrast(v('--text-inverse'), bg), `white on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const bg of [v('--brand'), ...headerEnds]) {
      expect(contrast(v('--text-inverse-secondary'), bg), `secondary white on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('icons that only repeat what their row says (--icon-weak) reach 3:1 on white and on the page background', () => {
    for (const bg of ['#ffffff', v('--bg')]) expect(contrast(v('--icon-weak'), bg)).toBeGreaterThanOrEqual(3);
  });

  it('placeholders (--text-placeholder, and SearchBar’s --text-secondary) are readable text (4.5:1) on the fields’ backgrounds', () => {
    // White fields, fields on the page background, antd-mobile's --adm-color-fill-content (#f5f5f5, SearchBar's box)
    // and the grey of the filled blocks.
    for (const bg of ['#ffffff', v('--bg'), '#f5f5f5', '#f2f3f5']) {
      for (const name of ['--text-placeholder', '--text-secondary']) {
        expect(contrast(v(name), bg), `${name} ${v(name)} on ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('the placeholders of antd-mobile’s fields and of native ones take --text-placeholder', () => {
    const css = globalCss.replace(/\/\*[\s\S]*?\*\//g, '');
    // antd-mobile's chain, which the theme relies on: Input, TextArea and VirtualInput colour the placeholder with
    // --placeholder-color, which is their --adm-color-light; SearchBar's resting one is --adm-color-weak.
    const antd = (component: string) =>
      readFileSync(path.join(root, 'node_modules/antd-mobile/es/components', component, `${component}.css`), 'utf8');
    for (const [component, element] of [
      ['input', '.adm-input-element::placeholder'],
      ['text-area', '.adm-text-area-element::placeholder'],
      ['virtual-input', '.adm-virtual-input-placeholder'],
    ] as const) {
      const own = antd(component);
      expect(own, component).toMatch(
        new RegExp(`\\.adm-${component} \\{[^}]*--placeholder-color: var\\(--adm-color-light\\)`),
      );
      expect(own, component).toContain(element);
    }
    expect(antd('search-bar')).toMatch(/\.adm-search-bar \{[^}]*--placeholder-color: var\(--adm-color-weak\)/);
    // … and the theme gives those fields the placeholder colour as their --adm-color-light.
    const fields = /\.adm-input,\s*\.adm-text-area,\s*\.adm-virtual-input\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(fields).toMatch(/--adm-color-light:\s*var\(--text-placeholder\)/);
    expect(/(^|\})\s*::placeholder\s*\{([^}]*)\}/.exec(css)?.[2] ?? '').toMatch(/color:\s*var\(--text-placeholder\)/);
  });

  it('antd-mobile reads the theme: its primary, status and text colours are the variables', () => {
    const adm = /:root:root\s*\{([^}]*)\}/.exec(globalCss)?.[1] ?? '';
    for (const [admName, ours] of [
      ['--adm-color-primary', '--brand'],
      ['--adm-color-danger', '--danger'],
      ['--adm-color-warning', '--warning'],
      ['--adm-color-success', '--success'],
      ['--adm-color-weak', '--text-secondary'],
      ['--adm-color-text-secondary', '--text-secondary'],
    ]) {
      expect(adm, admName).toMatch(new RegExp(`${admName}:\\s*var\\(${ours}\\)`));
    }
  });
});

describe('stylesheets of the screens', () => {
  const files = sourceFiles('.css').filter((file) => file !== path.join('src', 'app', 'styles.css'));

  it('name a theme variable for every text colour (no literal colour in a `color` or placeholder declaration)', () => {
    expect(files.length).toBeGreaterThan(20);
    const literal: string[] = [];
    for (const file of files) {
      const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const m of css.matchAll(/(?<![-\w])(?:color|--placeholder-color|--adm-color-light)\s*:\s*([^;}]+)/g)) {
        const value = m[1]!.trim();
        if (!/^(var\(--[\w-]+\)|inherit|currentColor|transparent)$/i.test(value))
          literal.push(`${file}: color: ${value}`);
      }
    }
    expect(literal).toEqual([]);
  });

  it('and so do the inline styles of the components (no `color: "#…"`)', () => {
    const sources = sourceFiles('.tsx').filter((file) => !file.endsWith('.test.tsx'));
    const literal = sources.filter((file) =>
      /(\bcolor|['"]--(placeholder-color|adm-color-light)['"])\s*:\s*['"](#|rgb)/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(literal).toEqual([]);
  });
});
