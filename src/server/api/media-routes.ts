/**
 * `POST /api/uploads` (the raw file as the body, its name in `?filename=`; the body is counted
 * while it arrives against `media.max_upload_bytes`, http-app.ts) and `GET /api/pictures/{id}`
 * (a stored picture's JPEG, for the page's thumbnails). What a file is is told by its bytes.
 */
import { Hono } from 'hono';
import type { AppServices } from '../../app/services.js';
import { PictureError } from '../../media/pictures/normalize-picture.js';
import { isPictureId } from '../../media/pictures/picture-store.js';
import type { UploadDto } from './dto.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';

const MAX_NAME_CHARS = 200;

export function createMediaRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  app.post('/uploads', async (c) => {
    const name = (c.req.query('filename') ?? '').trim().slice(-MAX_NAME_CHARS) || 'file';
    const data = new Uint8Array(await c.req.raw.arrayBuffer());
    if (data.length === 0) throw apiError('bad_request', t.noUploadBody);
    try {
      const upload = await services.media.uploads.put(data, name);
      const dto: UploadDto = { id: upload.id, kind: upload.kind, bytes: upload.bytes };
      if (upload.picture) {
        const { id, width, height, bytes } = upload.picture;
        dto.picture = { id, width, height, bytes };
        void services.media.pictures.prune([id]);
      }
      return c.json(dto);
    } catch (error) {
      if (error instanceof PictureError)
        throw apiError('bad_picture', t.badPicture(error.message.slice(0, 200)));
      throw error;
    }
  });
  app.get('/pictures/:id', async (c) => {
    const id = c.req.param('id');
    const data = isPictureId(id) ? await services.media.pictures.read(id) : undefined;
    if (!data) throw apiError('not_found', t.noPicture(id.slice(0, 80)));
    c.header('content-type', 'image/jpeg');
    return c.body(new Uint8Array(data));
  });
  return app;
}
