import { describe, expect, it } from 'vitest';
import { profileFromMember } from './wix-login';

describe('Wix member → our user', () => {
  it('uses the contactId as the identity and the nickname, login e-mail and photo', () => {
    expect(
      profileFromMember(
        {
          id: 'm1',
          contactId: 'c1',
          loginEmail: ' Ana@Example.org ',
          profile: { nickname: 'Dr. Ana', photo: { url: 'https://static.wixstatic.com/a.jpg' } },
        },
        'c1',
      ),
    ).toEqual({
      provider: 'wix',
      subject: 'c1',
      username: 'Dr. Ana',
      email: 'ana@example.org',
      photoUrl: 'https://static.wixstatic.com/a.jpg',
    });
  });

  it('falls back to the contact name, then the e-mail, then a neutral name; drops odd photo URLs', () => {
    const base = { id: 'm1', contactId: 'c1' };
    expect(profileFromMember({ ...base, contact: { firstName: 'Ana', lastName: 'Lima' } }, 'c1').username).toBe(
      'Ana Lima',
    );
    expect(profileFromMember({ ...base, loginEmail: 'a@b.org', profile: { nickname: ' ' } }, 'c1').username).toBe(
      'a@b.org',
    );
    expect(profileFromMember(base, 'contact-123456789')).toMatchObject({
      username: 'member-contact-',
      email: null,
      photoUrl: null,
    });
    expect(
      profileFromMember({ ...base, profile: { photo: { url: 'javascript:alert(1)' } } }, 'c1').photoUrl,
    ).toBeNull();
  });
});
