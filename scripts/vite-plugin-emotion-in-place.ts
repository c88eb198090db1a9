/**
 * Emotion adopts the server's style elements where they are. The server writes a page's styles
 * into its head (src/entry-server.tsx); when the browser's emotion starts, its cache moved each of
 * them to the end of the head (a move meant for style elements written beside the markup, in
 * the body, out of React's way), and each style sheet then moved them again where its own tags
 * go. A style element moved is a style sheet removed and added: the browser restyles the whole
 * page, twice, in the middle of hydration (35–120 ms each on an event page at 4× CPU). This
 * build-time edit of the two libraries keeps an element that is already in the head (the cache)
 * or already in the sheet's container (the sheet) where it is; rules the browser adds later still
 * go after the last of them, as before.
 */
import type { Plugin } from 'vite';

interface Edit {
  file: RegExp;
  from: string;
  to: string;
}

const EDITS: Edit[] = [
  {
    file: /[\\/]@emotion[\\/]cache[\\/]dist[\\/]emotion-cache\.browser(\.development)?\.esm\.js$/,
    from: "      document.head.appendChild(node);\n      node.setAttribute('data-s', '');",
    to: "      if (node.parentNode !== document.head) document.head.appendChild(node);\n      node.setAttribute('data-s', '');",
  },
  {
    file: /[\\/]@emotion[\\/]sheet[\\/]dist[\\/]emotion-sheet(\.development)?\.esm\.js$/,
    from: '    nodes.forEach(this._insertTag);',
    to: [
      '    var _this2 = this;',
      '    nodes.forEach(function (node) {',
      '      if (node.parentNode === _this2.container) _this2.tags.push(node);',
      '      else _this2._insertTag(node);',
      '    });',
    ].join('\n'),
  },
];

/** The edited code of `id`, or null when the file is not one of the two. Throws when a library's code is not as expected. */
export function editEmotion(code: string, id: string): string | null {
  const edit = EDITS.find((e) => e.file.test(id));
  if (!edit) return null;
  if (!code.includes(edit.from)) {
    throw new Error(
      `${id}: emotion's code is not what scripts/vite-plugin-emotion-in-place.ts edits`,
    );
  }
  return code.replace(edit.from, edit.to);
}

export function emotionInPlace(): Plugin {
  return {
    name: 'storefront:emotion-in-place',
    transform(code, id) {
      const edited = editEmotion(code, id);
      return edited === null ? null : { code: edited, map: null };
    },
  };
}
