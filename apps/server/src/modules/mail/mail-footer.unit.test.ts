import { describe, expect, it } from 'vitest';
import { helpFooter, withHelpFooter } from './mail-footer.ts';

describe('the help footer every mail carries', () => {
  it('is absent when the installation set no support contact', () => {
    expect(helpFooter({})).toBeNull();
    expect(helpFooter({ email: ' ', phone: null })).toBeNull();
    const msg = { to: 'a@b.c', subject: 's', text: 'Hello' };
    expect(withHelpFooter(msg, {})).toBe(msg);
  });

  it('ends the text with the email and phone, and puts links before the HTML body closes', () => {
    const support = { email: 'help@example.com', phone: '+33 1 23 45 67 89' };
    const out = withHelpFooter(
      { to: 'a@b.c', subject: 's', text: 'Hello\n\n', html: '<html><body><p>Hello</p></body></html>' },
      support,
    );
    expect(out.text).toBe('Hello\n\n--\nSupport: help@example.com · +33 1 23 45 67 89\n');
    expect(out.html).toContain('<a href="mailto:help@example.com">help@example.com</a>');
    expect(out.html).toContain('<a href="tel:+33123456789">+33 1 23 45 67 89</a>');
    expect(out.html).toMatch(/Support: .*<\/p><\/body><\/html>$/);
  });

  it('escapes what the configuration holds and keeps a plain mail plain', () => {
    const out = withHelpFooter({ to: 'a@b.c', subject: 's', text: 'Hi' }, { email: '<x>@example.com' });
    expect(out).not.toHaveProperty('html');
    expect(out.text).toContain('Support: <x>@example.com');
    expect(helpFooter({ email: '<x>@example.com' })!.html).toContain('&lt;x&gt;@example.com');
  });
});
