import { webhookSignature } from './webhook-signature';

describe('webhookSignature', () => {
  it("reproduces the Standard Webhooks specification's test vector", () => {
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    expect(webhookSignature(key, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('changes with the id, the timestamp and the body', () => {
    const key = Buffer.alloc(32, 7);
    const base = webhookSignature(key, 'msg_1', 1, '{}');
    expect(webhookSignature(key, 'msg_2', 1, '{}')).not.toBe(base);
    expect(webhookSignature(key, 'msg_1', 2, '{}')).not.toBe(base);
    expect(webhookSignature(key, 'msg_1', 1, '{ }')).not.toBe(base);
  });
});
