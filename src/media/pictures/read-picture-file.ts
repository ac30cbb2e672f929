/**
 * A picture named on the command line (`aibox ask --image FILE`, `/image FILE` in `aibox chat`):
 * a regular file, at most `maxBytes`, whose bytes say picture; anything else is a clear
 * `bad_argument` naming the file.
 */
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { readRegularFileSync } from '../../util/read-regular-file.js';
import { sniffMedia } from '../media-kind.js';
import { pictureFileMessages } from './file-messages.js';

export function readPictureFile(path: string, maxBytes: number, lang: Lang): Buffer {
  const t = pictureFileMessages(lang);
  const data = readRegularFileSync(path, { maxBytes });
  if (!data) throw new AppError('bad_argument', t.unreadable(path, maxBytes));
  if (sniffMedia(data).kind !== 'image') throw new AppError('bad_argument', t.notAPicture(path));
  return data;
}
