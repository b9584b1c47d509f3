import { describe, expect, it } from 'vitest';
import { cleanField, contactMessages as m, isValidEmail, looksLikeMarkup, parseRequestType, rateLimitText, validateContact } from '../../src/lib/contact';

const valid = { name: 'Jane Smith', email: 'jane@example.co.uk', subject: 'Website help', message: 'Please call me about SEO.' };

describe('cleaning', () => {
  it('trims and removes control characters', () => {
    expect(cleanField('  Jane\u0000 Smith\u0007  ')).toBe('Jane Smith');
    expect(cleanField('line one\nline two')).toBe('line one\nline two');
  });

  it("keeps name, e-mail and subject on one line, so they cannot forge lines in the owner's e-mail", () => {
    const forged = validateContact({
      name: 'Jane Smith\r\nBcc: victim@example.com',
      email: 'jane@example.com',
      subject: 'Hello there\r\nReference: forged\u2028x',
      message: 'Line one\r\nLine two',
    });
    expect(forged.data.name).toBe('Jane Smith Bcc: victim@example.com');
    expect(forged.data.subject).toBe('Hello there Reference: forged x');
    expect(forged.data.message).toBe('Line one\r\nLine two');
    expect(cleanField('a\tb\r\n c', true)).toBe('a b c');
  });

  it('removes script and iframe tags with their content', () => {
    expect(cleanField('Hi <script>alert(1)</script>there')).toBe('Hi there');
    expect(cleanField('a<iframe src="x"></iframe>b')).toBe('ab');
    expect(cleanField('a<SCRIPT type="x">b')).toBe('ab');
  });

  it('removes javascript: and vbscript: prefixes and inline handlers', () => {
    expect(cleanField('javascript:alert(1)')).toBe('alert(1)');
    expect(cleanField('VBScript: msgbox')).toBe('msgbox');
    expect(cleanField('<img src=x onerror=alert(1)>')).toBe('img srcx alert(1)');
  });

  it('keeps letters of every script, numbers and the allowed punctuation', () => {
    expect(cleanField('Zoë Łukasz Ñandú 李雷 Ólafur O’Brien-Smith')).toBe('Zoë Łukasz Ñandú 李雷 Ólafur O’Brien-Smith');
    expect(cleanField('Budget £1,500/month: 50% more (maybe) [ok] {fine} "yes" it\'s #1 & done!?')).toBe(
      'Budget £1,500/month: 50% more (maybe) [ok] {fine} "yes" it\'s #1 & done!?',
    );
    expect(cleanField('name+tag@example.com')).toBe('name+tag@example.com');
    expect(cleanField('Mon–Fri — after 5pm')).toBe('Mon–Fri — after 5pm');
  });

  it('removes everything else', () => {
    expect(cleanField('a<b>c`d\\e|f^g$h*i=j~k;l')).toBe('abcdefghijkl');
  });

  it('detects markup and script for the security log', () => {
    expect(looksLikeMarkup('<b>hi</b>')).toBe(true);
    expect(looksLikeMarkup('click javascript:void(0)')).toBe(true);
    expect(looksLikeMarkup('x onclick=steal()')).toBe(true);
    expect(looksLikeMarkup('Prices < £500 are fine')).toBe(false);
    expect(looksLikeMarkup('Hello, I run a bakery.')).toBe(false);
  });
});

describe('name', () => {
  it('is required, at least 2 and at most 100 characters', () => {
    expect(validateContact({ ...valid, name: '' }).ok).toBe(false);
    expect(validateContact({ ...valid, name: '   ' })).toMatchObject({ errors: { name: m.nameRequired } });
    expect(validateContact({ ...valid, name: 'J' })).toMatchObject({ errors: { name: 'Name must be at least 2 characters long' } });
    expect(validateContact({ ...valid, name: 'Jo' }).ok).toBe(true);
    expect(validateContact({ ...valid, name: 'a'.repeat(100) }).ok).toBe(true);
    expect(validateContact({ ...valid, name: 'a'.repeat(101) })).toMatchObject({ errors: { name: 'Name must be less than 100 characters' } });
  });

  it('accepts unicode names', () => {
    for (const name of ['Zoë Brontë', 'Łukasz Żółć', 'José Ñúñez', '李雷', 'Siobhán Ní Bhriain', "Conor O'Neill"]) {
      const result = validateContact({ ...valid, name });
      expect(result.ok, name).toBe(true);
      expect(result.data.name).toBe(name);
    }
  });

  it('is measured after cleaning', () => {
    expect(validateContact({ ...valid, name: '<script>x</script>J' })).toMatchObject({ errors: { name: m.nameShort } });
  });
});

describe('email', () => {
  it('is required', () => {
    expect(validateContact({ ...valid, email: '' })).toMatchObject({ errors: { email: 'Email is required' } });
  });

  it('accepts real-world addresses', () => {
    for (const email of [
      'jane@example.co.uk',
      'Jane.Smith@Example.COM',
      'name+tag@gmail.com',
      "o'brien@example.ie",
      'first.last-name@sub.domain.example.org',
      'a_b@example.io',
      '1234@example.com',
      'zoë@exämple.de',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
      expect(validateContact({ ...valid, email }).ok, email).toBe(true);
    }
  });

  it('rejects malformed addresses', () => {
    for (const email of [
      'plainaddress',
      '@example.com',
      'jane@',
      'jane@example',
      'jane..smith@example.com',
      '.jane@example.com',
      'jane.@example.com',
      'jane@.example.com',
      'jane@example.com.',
      'jane@exa..mple.com',
      'jane@@example.com',
      'jane smith@example.com',
      'jane@-example.com',
      'jane@example.c',
    ]) {
      expect(validateContact({ ...valid, email }), email).toMatchObject({ ok: false, errors: { email: 'Please enter a valid email address' } });
    }
  });

  it('is at most 254 characters', () => {
    const local = 'a'.repeat(64);
    const at254 = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.uk`;
    expect(at254.length).toBe(254);
    expect(validateContact({ ...valid, email: at254 }).ok).toBe(true);
    expect(validateContact({ ...valid, email: `a${at254}` })).toMatchObject({ errors: { email: 'Email must be less than 254 characters' } });
  });
});

describe('subject and message', () => {
  it('subject is 5 to 200 characters', () => {
    expect(validateContact({ ...valid, subject: '' })).toMatchObject({ errors: { subject: 'Subject must be at least 5 characters long' } });
    expect(validateContact({ ...valid, subject: 'Help' })).toMatchObject({ errors: { subject: m.subjectShort } });
    expect(validateContact({ ...valid, subject: 'Help!' }).ok).toBe(true);
    expect(validateContact({ ...valid, subject: 's'.repeat(200) }).ok).toBe(true);
    expect(validateContact({ ...valid, subject: 's'.repeat(201) })).toMatchObject({ errors: { subject: 'Subject must be less than 200 characters' } });
  });

  it('message is 10 to 2000 characters', () => {
    expect(validateContact({ ...valid, message: 'Too short' })).toMatchObject({ errors: { message: 'Message must be at least 10 characters long' } });
    expect(validateContact({ ...valid, message: 'Long enough' }).ok).toBe(true);
    expect(validateContact({ ...valid, message: 'm'.repeat(2000) }).ok).toBe(true);
    expect(validateContact({ ...valid, message: 'm'.repeat(2001) })).toMatchObject({ errors: { message: 'Message must be less than 2000 characters' } });
  });
});

describe('the whole form', () => {
  it('reports every failing field at once, in field order', () => {
    const result = validateContact({ name: '', email: 'bad', subject: 'x', message: 'y' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['name', 'email', 'subject', 'message']);
  });

  it('treats missing and non-string fields as empty', () => {
    const result = validateContact({ name: 42, email: null } as never);
    expect(result).toMatchObject({ ok: false, errors: { name: m.nameRequired, email: m.emailRequired } });
  });

  it('returns cleaned data', () => {
    const result = validateContact({ ...valid, message: ' Hello <script>x()</script>there, friend ' });
    expect(result).toMatchObject({ ok: true, data: { message: 'Hello there, friend' } });
  });

  it('words the rate limit and reads request types', () => {
    expect(rateLimitText(1)).toBe('Please wait 1 minute before submitting again.');
    expect(rateLimitText(7)).toBe('Please wait 7 minutes before submitting again.');
    expect(parseRequestType('audit')).toBe('audit');
    expect(parseRequestType('hack')).toBe('general');
  });
});
