/** What the WeChat channel's login and check say, in zh and en (chat strings are the core's). */
import { defineMessages } from '../../i18n/lang.js';

export const wechatMessages = defineMessages({
  zh: {
    helpLogin: '扫码登录一个渠道（目前只有 wechat 需要）',
    helpLogout: '删除一个渠道保存的登录（wechat）',
    onlyWechat: (name: string) => `只有 wechat 用扫码登录；${name} 用 config.json 中的凭据`,
    scan: '用手机微信扫描下面的二维码，并在手机上确认：',
    link: (link: string) => `扫不了时，在手机上打开这个链接：${link}`,
    refreshed: (n: number, max: number) => `二维码已过期，这是新的一张（${n}/${max}）：`,
    scanned: '已扫码，请在手机上确认…',
    askCode: '输入手机微信上显示的数字：',
    askCodeAgain: '数字不对，请重新输入：',
    confirmed: (bot: string, path: string) => `✅ 已登录微信（机器人 ${bot}）。登录保存在 ${path}（0600）。`,
    enableHint: (aibox: string) =>
      `把 config.json 中的 channels.wechat.enabled 设为 true，然后（重新）启动 \`${aibox} serve\`；运行中的服务会自动改用新的登录。`,
    pairHint: (aibox: string) =>
      `在微信里给机器人发一个 \`${aibox} channels pair\` 生成的配对码，就能和 Aibox 对话。`,
    alreadyBound: '这个微信机器人已经绑定在本机，保存的登录仍然有效。',
    gaveUp: (max: number) => `二维码过期了 ${max} 次，已停止。请再运行一次。`,
    timedOut: '等待扫码超时，请再运行一次。',
    failed: (why: string) => `登录失败：${why}`,
    loggedOut: (path: string) => `已删除 ${path}。`,
    noLogin: '没有保存的微信登录。',
    checkNotEnabled: '微信：未启用（把 channels.wechat.enabled 设为 true，再扫码登录）',
    checkNoLogin: (aibox: string) =>
      `微信：❌ 还没有登录：运行 \`${aibox} channels login wechat\`，或在网页“聊天渠道”页扫码`,
    checkBroken: (path: string) => `微信：❌ ${path} 已损坏：请重新扫码登录`,
    checkExpired: (aibox: string, at: string) =>
      `微信：❌ 登录已于 ${at} 过期：运行 \`${aibox} channels login wechat\`，或在网页“聊天渠道”页重新扫码`,
    checkOk: (bot: string, at: string) => `微信：✅ 机器人 ${bot} 已登录（${at} 扫码），iLink 接受这个登录`,
    checkUnreachable: (root: string, why: string) => `微信：❌ 无法连接 ${root}：${why}`,
    checkRefused: (why: string) => `微信：❌ iLink 拒绝了请求：${why}`,
    badCode: '验证数字应为 1 到 12 位数字',
    noCodeAsked: '现在没有等待验证数字的登录',
  },
  en: {
    helpLogin: 'Log a channel in by QR code (only wechat needs it)',
    helpLogout: "Delete a channel's saved login (wechat)",
    onlyWechat: (name: string) => `Only wechat logs in by QR code; ${name} takes credentials in config.json`,
    scan: 'Scan this QR code with WeChat on your phone, then confirm there:',
    link: (link: string) => `If it will not scan, open this link on the phone: ${link}`,
    refreshed: (n: number, max: number) => `The QR code expired; here is a new one (${n}/${max}):`,
    scanned: 'Scanned; confirm on the phone…',
    askCode: 'Type the number WeChat shows on the phone: ',
    askCodeAgain: 'That number did not match; type it again: ',
    confirmed: (bot: string, path: string) =>
      `✅ Logged in to WeChat (bot ${bot}). The login is kept in ${path} (0600).`,
    enableHint: (aibox: string) =>
      `Set channels.wechat.enabled to true in config.json, then (re)start \`${aibox} serve\`; a running box takes the new login by itself.`,
    pairHint: (aibox: string) =>
      `Send the bot a pairing code from \`${aibox} channels pair\` in WeChat to talk to Aibox.`,
    alreadyBound: 'This WeChat bot is already bound to this box; the saved login stays valid.',
    gaveUp: (max: number) => `The QR code expired ${max} times; stopped. Run it again.`,
    timedOut: 'Waiting for the scan timed out; run it again.',
    failed: (why: string) => `Login failed: ${why}`,
    loggedOut: (path: string) => `Deleted ${path}.`,
    noLogin: 'There is no saved WeChat login.',
    checkNotEnabled: 'WeChat: not enabled (set channels.wechat.enabled to true, then log in by QR code)',
    checkNoLogin: (aibox: string) =>
      `WeChat: ❌ not logged in: run \`${aibox} channels login wechat\`, or scan the code in the page's Channels tab`,
    checkBroken: (path: string) => `WeChat: ❌ ${path} is damaged: log in again by QR code`,
    checkExpired: (aibox: string, at: string) =>
      `WeChat: ❌ the login expired at ${at}: run \`${aibox} channels login wechat\`, or scan a new code in the page's Channels tab`,
    checkOk: (bot: string, at: string) =>
      `WeChat: ✅ bot ${bot} logged in (scanned ${at}); iLink accepts the login`,
    checkUnreachable: (root: string, why: string) => `WeChat: ❌ cannot reach ${root}: ${why}`,
    checkRefused: (why: string) => `WeChat: ❌ iLink refused the call: ${why}`,
    badCode: 'The verification number must be 1 to 12 digits',
    noCodeAsked: 'No login is waiting for a verification number',
  },
});
