import { describe, expect, it } from 'vitest';
import { chatWidgetCspSources, chatWidgetProblems } from './chat-widget';

const WIDGET = {
  provider: 'Chat Co',
  scriptUrl: 'https://cdn.chat.example/widget.js?v=2',
  hosts: ['cdn.chat.example', 'api.chat.example'],
};

describe('chat widget', () => {
  it('a widget whose script comes from one of its hosts is fine', () => {
    expect(chatWidgetProblems(WIDGET)).toEqual([]);
  });

  it('refuses a script from a host it does not list, plain http, a port or credentials', () => {
    expect(chatWidgetProblems({ ...WIDGET, scriptUrl: 'https://evil.example/w.js' })).toEqual([
      [
        '/scriptUrl',
        'its host "evil.example" must be one of hosts (cdn.chat.example, api.chat.example)',
      ],
    ]);
    expect(chatWidgetProblems({ ...WIDGET, scriptUrl: 'http://cdn.chat.example/w.js' })).toEqual([
      ['/scriptUrl', 'must be an https:// address'],
    ]);
    expect(
      chatWidgetProblems({ ...WIDGET, scriptUrl: 'https://cdn.chat.example:8443/w.js' })[0]?.[1],
    ).toMatch(/port/);
    expect(
      chatWidgetProblems({ ...WIDGET, scriptUrl: 'https://u:p@cdn.chat.example/w.js' })[0]?.[1],
    ).toMatch(/user or password/);
    expect(chatWidgetProblems({ ...WIDGET, scriptUrl: 'not a url' })).toEqual([
      ['/scriptUrl', 'is not a URL'],
    ]);
  });

  it('its hosts go to script, connect (also websockets), frame and image sources', () => {
    expect(chatWidgetCspSources(WIDGET)).toEqual({
      'script-src': ['https://cdn.chat.example', 'https://api.chat.example'],
      'connect-src': [
        'https://cdn.chat.example',
        'https://api.chat.example',
        'wss://cdn.chat.example',
        'wss://api.chat.example',
      ],
      'frame-src': ['https://cdn.chat.example', 'https://api.chat.example'],
      'img-src': ['https://cdn.chat.example', 'https://api.chat.example'],
    });
    expect(chatWidgetCspSources(undefined)).toEqual({});
  });
});
