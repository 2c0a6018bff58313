import { i18n, isLocale, TRANSLATION_ERRORS, translations } from '../../../contract/translations.ts';
import { fail } from '../../errors.ts';
import type { Kit } from '../../kit/kit.ts';
import {
  encodedBody,
  encodingFor,
  etagIn,
  exportedOverrides,
  listTranslations,
  matches,
  mergedCatalogue,
  setAccountLocale,
  setOverride,
  translationOf,
} from './overrides.ts';

/**
 * The translations screen's calls (an operator's overrides for everyone; a customer administrator's for
 * the customer's accounts), the public merged catalogue, and the signed-in account's language.
 */
export function translationsRoutes(kit: Kit): void {
  kit.route(translations, 'list', async (call) => {
    const { page = 0, pageSize = 25, order = 'ASC', q, state } = call.query;
    const found = await listTranslations(call.tx, call.customer, {
      q,
      state,
      order,
      offset: page * pageSize,
      limit: pageSize,
    });
    return { content: found.rows, totalElements: found.total, page, pageSize };
  });

  kit.route(translations, 'getOne', (call) => translationOf(call.tx, call.customer, call.params.id));

  kit.route(translations, 'update', (call) =>
    setOverride(
      call.tx,
      call.audit,
      { customer: call.customer, account: call.caller.account.id },
      call.params.id,
      call.body.locale,
      call.body.text,
    ),
  );

  kit.route(translations, 'exportOverrides', async (call) => {
    const { locale } = call.query;
    const catalogue = await exportedOverrides(call.tx, call.customer, locale);
    return call.reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="overrides.${locale}.json"`)
      .send(`${JSON.stringify(catalogue, null, 2)}\n`);
  });

  kit.route(i18n, 'catalogue', async (call) => {
    const { locale } = call.params;
    if (!isLocale(locale)) throw fail(TRANSLATION_ERRORS.localeNotFound);
    const { etag, body } = await mergedCatalogue(call.tx, locale, call.query.customerId ?? null);
    const encoding = encodingFor(call.request.headers['accept-encoding']);
    // Asked again at every load of a portal (no-cache): an override reaches it at once, a 304 costs little.
    call.reply
      .header('etag', etagIn(etag, encoding))
      .header('cache-control', 'public, no-cache')
      .header('vary', 'accept-encoding');
    if (matches(call.request.headers['if-none-match'], etag)) return call.reply.status(304).send();
    if (encoding !== 'identity') call.reply.header('content-encoding', encoding);
    return call.reply
      .header('content-type', 'application/json; charset=utf-8')
      .send(encodedBody(etag, body, encoding));
  });

  kit.route(i18n, 'setLocale', async (call) => {
    await setAccountLocale(call.tx, call.caller.account.id, call.body.locale);
    return { locale: call.body.locale };
  });
}
