import { parseMentions, serializeMention } from './mention-markdown';

const helper = { id: 'a1', type: 'agent' as const, label: 'Helper' };
const helperPro = { id: 'a2', type: 'agent' as const, label: 'Helper Pro' };

describe('mention markdown', () => {
  it('serializes agents and members as the real service does', () => {
    expect(serializeMention(helper)).toBe(':mention[Helper]{sId=a1}');
    expect(serializeMention({ id: 'u1', type: 'user', label: 'Ann Lee' })).toBe(':mention_user[Ann Lee]{sId=u1}');
  });

  it('turns @name into a mention at the start, after spaces, before punctuation, in any case', () => {
    expect(parseMentions('@helper hi, and @HELPER! and (@Helper)', [helper])).toBe(':mention[Helper]{sId=a1} hi, and :mention[Helper]{sId=a1}! and (@Helper)');
  });

  it('leaves a longer word and an address alone, and prefers the longer name', () => {
    expect(parseMentions('@HelperX me@helper', [helper])).toBe('@HelperX me@helper');
    expect(parseMentions('ask @Helper Pro.', [helper, helperPro])).toBe('ask :mention[Helper Pro]{sId=a2}.');
  });
});
