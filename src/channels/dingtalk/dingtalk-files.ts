/**
 * Files out on DingTalk, through the robot OpenAPI (a reply webhook takes only text, Markdown and
 * cards): the file is uploaded as media (`POST /media/upload`, `type` `image` or `file`, the
 * multipart part `media`; DingTalk answers `media_id`), then sent as a robot message, a picture
 * with `msgKey: sampleImageMsg` (`photoURL`: the media id) and a file with `msgKey: sampleFile`
 * (`mediaId`, `fileName`, `fileType`). DingTalk's limits: 20 MB each; a file only of the types
 * below (its upload refuses others).
 */
import { extname } from 'node:path';
import { FileTypeRefusedError } from '../file-type-refused.js';
import { multipartBody } from '../multipart-body.js';
import { FileTooLargeError } from '../read-limited.js';
import type { OutboundFile } from '../types.js';
import type { ChatRoute } from './dingtalk-chats.js';
import { type SendTarget, sendRobotMessage } from './dingtalk-send.js';

export const MAX_MEDIA_BYTES = 20 * 1024 * 1024;
export const FILE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'zip', 'pdf', 'rar'] as const;
const MAX_ID_CHARS = 1024;

/** Uploads `file` and sends it to the chat at `route`. */
export async function sendDingTalkFile(
  target: SendTarget,
  route: Exclude<ChatRoute, { kind: 'webhook' }>,
  file: OutboundFile,
): Promise<void> {
  const size = file.data.byteLength;
  if (size === 0) throw new Error('DingTalk media/upload: the file is empty');
  if (size > MAX_MEDIA_BYTES) throw new FileTooLargeError(MAX_MEDIA_BYTES, 'DingTalk');
  const ext = extname(file.name).slice(1).toLowerCase();
  if (file.kind === 'file' && !(FILE_TYPES as readonly string[]).includes(ext))
    throw new FileTypeRefusedError('DingTalk', FILE_TYPES);
  // The part's name tells DingTalk the type; the shown name travels in the message.
  const form = multipartBody(
    {},
    { field: 'media', name: `upload.${ext || 'bin'}`, type: 'application/octet-stream', data: file.data },
  );
  const answer = await target.api.upload(file.kind, form);
  const mediaId = answer.media_id;
  if (typeof mediaId !== 'string' || mediaId === '' || mediaId.length > MAX_ID_CHARS)
    throw new Error('DingTalk media/upload: the answer names no media_id');
  if (file.kind === 'image') await sendRobotMessage(target, route, 'sampleImageMsg', { photoURL: mediaId });
  else await sendRobotMessage(target, route, 'sampleFile', { mediaId, fileName: file.name, fileType: ext });
}
