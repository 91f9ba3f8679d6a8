import { MESSAGES } from '@ferrite/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROW, rowsValid, serverRowErrors, validateRows } from './paramRows';

const row = (key: string, value: string, data_type: string, unit: string) => ({
  key,
  value,
  data_type,
  unit,
});

describe('gateway parameter rows (spec §5)', () => {
  it('names every missing field with the spec message', () => {
    const [errors] = validateRows([{ ...EMPTY_ROW }], 'static_params');
    expect(errors).toEqual({
      key: MESSAGES.gatewayParam.key,
      value: MESSAGES.gatewayParam.value,
      data_type: MESSAGES.gatewayParam.dataType,
      unit: MESSAGES.gatewayParam.unit,
    });
  });

  it('treats blanks as missing', () => {
    const [errors] = validateRows([row('  ', 'v1', 'string', ' ')], 'static_params');
    expect(errors).toEqual({ key: MESSAGES.gatewayParam.key, unit: MESSAGES.gatewayParam.unit });
  });

  it("flags a repeat of an earlier row's key, value and type on the repeat only", () => {
    const errors = validateRows(
      [
        row('temp', 'data.t', 'number', '°C'),
        row('temp ', 'data.t', 'number', 'K'),
        row('temp', 'data.t', 'integer', '°C'),
      ],
      'streaming_params',
    );
    expect(errors[0]).toEqual({});
    expect(errors[1]).toEqual({ key: MESSAGES.gatewayParam.duplicate });
    // Another data type is another parameter.
    expect(errors[2]).toEqual({});
    expect(rowsValid(errors)).toBe(false);
  });

  it('checks streaming values as JSON paths', () => {
    const [bad, good] = validateRows(
      [row('temp', 'data..t', 'number', '°C'), row('hum', "data['rel hum']", 'number', '%')],
      'streaming_params',
    );
    expect(bad?.value).toMatch(/Expected a field name/);
    expect(good).toEqual({});
  });

  it("puts the server's field errors on the rows they name", () => {
    const errors = serverRowErrors(
      { 'streaming_params.1.key': MESSAGES.gatewayParam.duplicate, 'static_params.0.unit': 'x', name: 'y' },
      'streaming_params',
      2,
    );
    expect(errors).toEqual([{}, { key: MESSAGES.gatewayParam.duplicate }]);
  });
});
