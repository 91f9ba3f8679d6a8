import { describe, expect, it } from 'vitest';
import { gatewayBodySchema } from './gateways';
import { gatewayTopicSchema, topicAncestors, topicSyntaxProblem } from './topics';

describe('a gateway topic', () => {
  it('takes ordinary topics, with spaces, unicode and characters MQTT allows', () => {
    for (const topic of ['plant', 'plant/line-1', 'site 4/Halle Ü/press_2', 'a/b/c/d/e', 'x'.repeat(200)])
      expect(topicSyntaxProblem(topic), topic).toBeNull();
  });

  it('refuses what would reach beyond its own tree, each with its reason', () => {
    const reasons: [string, RegExp][] = [
      ['', /enter a topic/],
      ['x'.repeat(201), /at most 200/],
      ['plant/+', /wildcards/],
      ['plant/#', /wildcards/],
      ['pl#ant', /wildcards/],
      ['$SYS/broker', /start with \$/],
      ['/plant', /empty levels/],
      ['plant/', /empty levels/],
      ['plant//line', /empty levels/],
      ['plant/\u0001', /control characters/],
      ['plant/\u007f', /control characters/],
      ['plant/%c', /%c or %u/],
      ['%u/plant', /%c or %u/],
      ['plant/heartbeat', /cannot end in/],
      ['plant/commands', /cannot end in/],
      ['plant/commands/ack', /cannot end in/],
      ['plant/ack', /cannot end in/],
    ];
    for (const [topic, reason] of reasons) expect(topicSyntaxProblem(topic), topic).toMatch(reason);
  });

  it('shows the same message in the form as the server answers, at the topic field', () => {
    const result = gatewayBodySchema.safeParse({ name: 'G', type: 'MQTT', protocol: 'MQTT', topic: 'a//b' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['topic', 'A topic has no empty levels: it does not start or end with / and has no //'],
    ]);
    expect(gatewayTopicSchema.parse('  plant/line  ')).toBe('plant/line');
  });
});

describe('topic trees', () => {
  it('lists the topics above one, nearest last', () => {
    expect(topicAncestors('a/b/c')).toEqual(['a', 'a/b']);
    expect(topicAncestors('a')).toEqual([]);
  });
});
