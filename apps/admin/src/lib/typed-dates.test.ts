import { describe, expect, it } from 'vitest';
import { readDay, readDayTime, writeDay, writeDayTime } from './typed-dates';

const RLM = '\u200F';

describe('days and times as staff type them', () => {
  it('write the day first, in the language’s digits', () => {
    expect(writeDay('en', '2026-11-06')).toBe('06/11/2026');
    expect(writeDay('ar', '2026-11-06')).toBe(`٠٦${RLM}/١١${RLM}/٢٠٢٦`);
    expect(writeDayTime('en', '2026-11-06T09:05')).toBe('06/11/2026 09:05');
    expect(writeDayTime('ar', '2026-11-06T14:30')).toBe(`٠٦${RLM}/١١${RLM}/٢٠٢٦ ١٤:٣٠`);
  });

  it('read a day typed in either digits with any separator, or pasted as ISO', () => {
    for (const typed of ['6/11/2026', '06-11-2026', ' 6.11.2026 ', '٦/١١/٢٠٢٦', `٠٦${RLM}/١١${RLM}/٢٠٢٦`, '۶/۱۱/۲۰۲۶', '2026-11-06'])
      expect(readDay(typed), typed).toBe('2026-11-06');
    expect(readDay(writeDay('ar', '2026-02-28'))).toBe('2026-02-28');
  });

  it('refuse what is not a day: a month first past 12, a day the calendar lacks, a short year, words', () => {
    for (const typed of ['', '11/30/2026', '30/02/2026', '6/11/26', '6/11', 'tomorrow', '6 Nov 2026', '6/11/2026 10:00'])
      expect(readDay(typed), typed).toBeNull();
  });

  it('read a day and time on the 24-hour clock, as a datetime-local value', () => {
    for (const typed of ['26/11/2026 14:30', '٢٦/١١/٢٠٢٦ ١٤:٣٠', '2026-11-26T14:30', writeDayTime('ar', '2026-11-26T14:30')])
      expect(readDayTime(typed), typed).toBe('2026-11-26T14:30');
    expect(readDayTime('1/1/2027 9:05')).toBe('2027-01-01T09:05');
    for (const typed of ['26/11/2026', '26/11/2026 24:00', '26/11/2026 14:3', '26/11/2026 2:30 pm', '31/04/2026 10:00'])
      expect(readDayTime(typed), typed).toBeNull();
  });
});
