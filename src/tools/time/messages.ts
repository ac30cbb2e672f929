import { defineMessages } from '../../i18n/lang.js';

/** Strings of the get_current_time tool. */
export const timeMessages = defineMessages({
  zh: {
    timeDescription: '获取当前日期和时间（含星期），可指定 IANA 时区（如 Asia/Shanghai、America/New_York）。',
    timeFormat: '格式：full（完整，默认）、date（日期）、time（时间）、iso（ISO 8601）',
    timeZone: 'IANA 时区名，默认使用配置或系统时区',
    timeOk: '当前时间',
    timeBadZone: (zone: string) => `未知的时区: ${zone}（请使用 IANA 名称，如 Asia/Shanghai）`,
    labelTime: '时间',
    labelZone: '时区',
    labelIso: 'ISO',
  },
  en: {
    timeDescription:
      'Get the current date and time (with the weekday), optionally in an IANA time zone (e.g. Asia/Shanghai, America/New_York).',
    timeFormat: 'Format: full (default), date, time, iso (ISO 8601)',
    timeZone: 'IANA time zone name; default: the configured or system zone',
    timeOk: 'Current time',
    timeBadZone: (zone) => `Unknown time zone: ${zone} (use an IANA name such as Asia/Shanghai)`,
    labelTime: 'time',
    labelZone: 'time zone',
    labelIso: 'ISO',
  },
});
