/**
 * The server answers in the request's language (issue 13, Words), against the real server on PGlite and
 * PostgreSQL: a refusal and its field error worded from the locale files for the Accept-Language the
 * application sends ('uk' for Ukrainian), money in the language's format; a card purchase's description
 * and an own account's name in the history worded for whoever reads it, English without a language; a
 * card product's name in the reader's language. Refusals of the other areas (support, account recovery,
 * admin, the token service) in Russian and Spanish, and the SMS and e-mail a request in Russian sends.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../../server/demo/seed.ts';
import { ApiClient, pkcePair, type Tokens } from '../support/api-client.ts';
import { BACKENDS, startTestServer, type TestServer } from './harness.ts';
import { solvedChallenge } from '../support/bot-challenge.ts';

interface Account {
  accountId: number;
  currencyCode: string;
  balance: string;
}

for (const backend of BACKENDS) {
  describe(`the server's words on ${backend.name}`, () => {
    let test: TestServer;
    let client: ApiClient;
    let anna: Tokens;
    let admin: Tokens;
    let northwind: Tokens;

    /** One RPC call as the application makes it, in `language` (its Accept-Language), or with none. */
    const call = async (method: string, params: Record<string, unknown>, language?: string) =>
      (
        await client.post(
          `/api?method=${method}`,
          { method, ...params },
          { authorization: `Bearer ${anna.accessToken}`, ...(language ? { 'accept-language': language } : {}) },
        )
      ).body;
    const account = async (currency: string): Promise<Account> =>
      ((await call('balanceInquiry', {})).accounts as Account[]).find((candidate) => candidate.currencyCode === currency)!;

    beforeAll(async () => {
      test = await startTestServer(backend);
      client = new ApiClient(test.url);
      anna = await client.signIn(DEMO_LOGINS.personal);
      admin = await client.signIn(DEMO_LOGINS.admin);
      northwind = await client.signIn(DEMO_LOGINS.business);
    });
    afterAll(() => test?.close());

    it('refuses a transfer over the limit with the amount field worded in Russian and Spanish, money as each writes it', async () => {
      const { accountId } = await account('USD');
      const send = (language?: string) =>
        call('p2pTransfer', { idempotencyKey: randomUUID(), accountId, amount: '99999999.00', toEmail: DEMO_LOGINS.business }, language);

      const russian = await send('ru');
      expect(russian).toMatchObject({ responseCode: 'TA1', responseDescription: 'Неверные параметры' });
      expect(russian.validationErrors).toHaveLength(1);
      expect(russian.validationErrors[0].field).toBe('amount');
      // Russian groups thousands with a (no-break) space and writes the decimals after a comma.
      expect(russian.validationErrors[0].description).toMatch(/^За один раз можно отправить не больше \d{1,3}(\s\d{3})*,00\s\$\.$/);

      const spanish = await send('es-ES,es;q=0.9,en;q=0.8');
      expect(spanish).toMatchObject({ responseCode: 'TA1', responseDescription: 'Parámetros no válidos' });
      expect(spanish.validationErrors[0].field).toBe('amount');
      expect(spanish.validationErrors[0].description).toMatch(/^Lo máximo que puede enviar de una vez es \d{1,3}(\.\d{3})*,00\sUS\$\.$/);

      const english = await send();
      expect(english).toMatchObject({ responseCode: 'TA1', responseDescription: 'Invalid params' });
      expect(english.validationErrors[0].description).toMatch(/^The most you can send at once is \$\d{1,3}(,\d{3})*\.00\.$/);

      // The application's 'ua' travels as the ISO 'uk'.
      expect((await send('uk')).validationErrors[0].description).toMatch(/^За один раз можна надіслати не більше /);
    });

    it('words an amount the server cannot read on its field', async () => {
      const { accountId } = await account('USD');
      const answer = await call('p2pTransfer', { idempotencyKey: randomUUID(), accountId, amount: '1.234', toEmail: DEMO_LOGINS.business }, 'ru');
      expect(answer.responseCode).toBe('TA1');
      expect(answer.validationErrors).toEqual([{ field: 'amount', description: 'В «1.234» знаков после запятой: 3; эта валюта допускает не больше 2.' }]);
    });

    it("shows a card purchase's description in the reader's language, the stored English without one", async () => {
      const card = await test.server.db
        .selectFrom('cards')
        .innerJoin('users', 'users.customer_id', 'cards.customer_id')
        .select(['cards.id', 'cards.account_id'])
        .where('users.email', '=', DEMO_LOGINS.personal)
        .where('cards.status_id', '=', 2)
        .where('cards.is_virtual', '=', true)
        .executeTakeFirstOrThrow();
      const approved = await client.post(`/sandbox/cards/${card.id}/authorize`, {
        amount: '2.40',
        currencyCode: 'EUR',
        merchantName: 'Кофейня Зерно',
        merchantCountry: 'GB',
        mcc: '5814',
        processorAuthId: `words-${randomUUID()}`,
      });
      expect(approved.body).toMatchObject({ status: 'approved' });

      const newest = async (language?: string) => (await call('transactionHistory', { accountId: card.account_id }, language)).transactions[0];
      const russian = await newest('ru');
      expect(russian).toMatchObject({ operationType: 'Card', amount: '-2.40' });
      expect(russian.description).toMatch(/^Покупка по карте в Кофейня Зерно \(\d{4} \d{2}•• •••• \d{4}\)$/);
      expect((await newest()).description).toMatch(/^Card purchase at Кофейня Зерно \(\d{4} \d{2}•• •••• \d{4}\)$/);

      const details = await call('transferDetails', { transactionId: russian.transactionId }, 'ru');
      expect(details.transaction.description).toBe(russian.description);
    });

    it("names an own account in Spanish in the history, and a card's product", async () => {
      const usd = await account('USD');
      const eur = await account('EUR');
      const moved = await call('accountTransfer', { idempotencyKey: randomUUID(), fromAccount: usd.accountId, toAccount: eur.accountId, amount: '3.00' });
      expect(moved).toMatchObject({ responseCode: '00', status: 'completed' });

      const spanish = (await call('transactionHistory', { accountId: usd.accountId }, 'es')).transactions[0];
      expect(spanish).toMatchObject({ amount: '-3.00', counterparty: 'Cuenta en EUR', description: 'Transferencia entre cuentas propias' });
      const english = (await call('transactionHistory', { accountId: usd.accountId })).transactions[0];
      expect(english).toMatchObject({ counterparty: 'EUR account', description: 'Transfer between own accounts' });

      const cards = (await call('cardList', {}, 'es')).cards as Array<{ productType: number; productName: string }>;
      expect(cards.find((card) => card.productType === 2006)?.productName).toBe('Mastercard prepago virtual');
    });

    it('refuses an invoice to oneself on its field in Romanian', async () => {
      const answer = await call('invoiceCreate', { toEmail: DEMO_LOGINS.personal, amount: '1.00', currency: 'USD' }, 'ro');
      expect(answer).toMatchObject({ responseCode: 'TA1', responseDescription: 'Parametri nevalizi' });
      expect(answer.validationErrors).toEqual([
        { field: 'toEmail', description: 'Este propriul dvs. e-mail: trimiteți factura persoanei care trebuie să o plătească.' },
      ]);
    });
    /** An RPC call without a session (sign-in and recovery methods), in `language`. */
    const anonymous = async (method: string, params: Record<string, unknown>, language: string) =>
      (await client.post(`/api?method=${method}`, { method, ...params }, { 'accept-language': language })).body;
    /** The messages the sandbox outbox holds for `to` and `purpose`, newest first. */
    const outbox = async (to: string, purpose: string): Promise<Array<{ subject: string | null; body: string }>> =>
      JSON.parse((await client.get(`/sandbox/outbox/messages?${new URLSearchParams({ to, purpose })}`)).text).messages;

    it("refuses someone else's support ticket in Russian and Spanish", async () => {
      const russian = await call('supportTicketGet', { ticketNumber: '999999999' }, 'ru');
      expect(russian).toEqual({ responseCode: '13', responseDescription: 'Обращение 999999999 не ваше. Откройте его из своих сообщений.' });
      const spanish = await call('supportTicketGet', { ticketNumber: '999999999' }, 'es');
      expect(spanish.responseDescription).toBe('La solicitud 999999999 no es suya. Ábrala desde sus mensajes.');
      expect((await call('supportTicketGet', { ticketNumber: '999999999' })).responseDescription).toBe(
        'Ticket 999999999 is not one of yours. Open it from your messages.',
      );
    });

    it('refuses an unknown customer to the admin on its field in Russian and Spanish', async () => {
      const ask = async (language: string) =>
        (
          await client.post(
            '/api?method=adminCustomerGet',
            { method: 'adminCustomerGet', customerId: 987654 },
            { authorization: `Bearer ${admin.accessToken}`, 'accept-language': language },
          )
        ).body;
      expect(await ask('ru')).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'customerId', description: 'Клиента 987654 нет.' }] });
      expect(await ask('es')).toMatchObject({ responseCode: 'TA1', validationErrors: [{ field: 'customerId', description: 'No existe el cliente 987654.' }] });
    });

    it('refuses a wrong password at the token service in Russian and Spanish', async () => {
      const login = async (language: string) => {
        const answer = await client.post(
          '/auth/login',
          { client: 'spa', username: DEMO_LOGINS.personal, password: 'Not-the-password-1', codeChallenge: 'x'.repeat(43) },
          { 'accept-language': language },
        );
        return { status: answer.status, body: answer.body };
      };
      expect(await login('ru')).toEqual({ status: 403, body: { message: 'Неверный адрес электронной почты или пароль.' } });
      expect(await login('es-ES,es;q=0.9')).toEqual({ status: 403, body: { message: 'Correo o contraseña incorrectos.' } });
    });

    it('sends the recovery SMS and e-mail in Russian for a request in Russian, and refuses a wrong code in Spanish', async () => {
      const recoveryEmail = `words-${randomUUID()}@example.com`;
      const started = await anonymous(
        'accountRecoveryRequest',
        { firstName: 'Anna', lastName: 'Novak', dob: '1991-04-12', recoveryEmail, challengeToken: await solvedChallenge(client.baseUrl) },
        'ru',
      );
      expect(started).toMatchObject({ responseCode: '00', verificationStatus: 'codeSent' });

      const [sms] = await outbox('447700900123', 'recovery');
      expect(sms!.body).toMatch(/^Код \S+ для сброса пароля: \d{6}\. Он действует 15 минут\.$/);
      const [email] = await outbox(recoveryEmail, 'recovery');
      expect(email!.subject).toMatch(/: ваш запрос на восстановление доступа$/);
      expect(email!.body).toContain('Мы отправили код по SMS на телефон вашего аккаунта (+44 ••••••0123).');

      const code = /\d{6}/.exec(sms!.body)![0];
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      const spanish = await anonymous('passwordChangeCodeCheck', { taskId: started.taskId, code: wrong }, 'es');
      expect(spanish).toEqual({
        responseCode: 'VF',
        responseDescription: 'Este código es incorrecto: quedan 4 intentos.',
        validationErrors: [{ field: 'code', description: 'Este código es incorrecto: quedan 4 intentos.' }],
      });
      const russian = await anonymous('passwordChangeCodeCheck', { taskId: started.taskId, code: wrong }, 'ru');
      expect(russian.validationErrors).toEqual([{ field: 'code', description: 'Код неверный: осталось попыток: 3.' }]);
      expect((await anonymous('passwordChangeCodeCheck', { taskId: started.taskId, code }, 'ru')).responseCode).toBe('00');
    });

    it('words a body the server refuses before reading it (too large, not JSON) in Russian and Spanish, at the RPC and the token service', async () => {
      const big = 'x'.repeat(600 * 1024);
      const rpc = await client.post('/api?method=balanceInquiry', { method: 'balanceInquiry', filler: big }, { 'accept-language': 'ru' });
      expect(rpc.status).toBe(413);
      expect(rpc.body).toMatchObject({
        responseCode: 'TA1',
        validationErrors: [{ field: '', description: 'Запрос больше 512 КиБ: отправьте меньше данных.' }],
      });
      const login = await client.post('/auth/login', { password: big }, { 'accept-language': 'es' });
      expect(login).toMatchObject({ status: 413, body: { message: 'La solicitud supera los 512 KiB: envíe menos datos.' } });

      const broken = (url: string, language: string) =>
        fetch(`${test.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': language }, body: '{"method":' });
      const notJson = await broken('/api?method=balanceInquiry', 'es');
      expect(notJson.status).toBe(400);
      expect((await notJson.json()).validationErrors).toEqual([{ field: '', description: 'La solicitud no es un JSON válido: envíela como un objeto JSON.' }]);
      const tokenService = await broken('/auth/login', 'ru');
      expect(tokenService.status).toBe(400);
      expect(await tokenService.json()).toEqual({ message: 'Запрос не является корректным JSON: отправьте его как объект JSON.' });
    });

    it("names the tax number on the profile in the reader's language, and in its refusal", async () => {
      const taxName = async (tokens: Tokens, language?: string) =>
        (
          await client.post(
            '/api?method=profileInquiry',
            { method: 'profileInquiry' },
            { authorization: `Bearer ${tokens.accessToken}`, ...(language ? { 'accept-language': language } : {}) },
          )
        ).body.tax.name;
      expect(await taxName(anna, 'ru')).toBe('Номер национального страхования');
      expect(await taxName(anna, 'es')).toBe('Número del Seguro Nacional');
      expect(await taxName(anna)).toBe('National Insurance number');
      expect(await taxName(northwind, 'es')).toBe('Número de registro del IVA');
      expect(await taxName(northwind, 'ru')).toBe('Регистрационный номер плательщика НДС');

      const refused = await call('taxNumberUpdate', { taxId: '12345' }, 'es');
      expect(refused.validationErrors).toEqual([
        { field: 'taxId', description: 'No es un Número del Seguro Nacional (NINO) válido. Compruebe el número e inténtelo de nuevo.' },
      ]);
    });

    it("answers the phone verification path's refusals in the request's language", async () => {
      const verify = (phoneId: string | number, body: Record<string, unknown>, language: string) =>
        client.post(`/verification/phones/${phoneId}/verify`, body, { authorization: `Bearer ${anna.accessToken}`, 'accept-language': language });
      const { challenge } = pkcePair();
      expect(await verify('abc', { type: 'sms', codeChallenge: challenge }, 'ru')).toMatchObject({
        status: 404,
        body: { message: 'Этого телефона нет среди ваших.' },
      });
      expect(await verify(1, { type: 'call', codeChallenge: challenge }, 'es')).toMatchObject({
        status: 400,
        body: { message: 'Los teléfonos solo se verifican por SMS.', field: 'type' },
      });
      expect((await verify(1, { type: 'sms', codeChallenge: 'short' }, 'ru')).body).toEqual({
        message: 'Проверочное значение кода должно состоять из 43–128 букв, цифр или символов - . _ ~',
        field: 'codeChallenge',
      });
      // A refusal of the profile rules (the primary phone is confirmed already), worded like the RPC's.
      const { phones } = await call('profileInquiry', {});
      const confirmed = (phones as { id: number; confirmed: boolean }[]).find((phone) => phone.confirmed)!;
      expect(await verify(confirmed.id, { type: 'sms', codeChallenge: challenge }, 'es')).toMatchObject({
        status: 400,
        body: { message: 'Este teléfono ya está confirmado.' },
      });
    });

    it('refuses a wrong authorization address for a connected application in Russian', async () => {
      const authorize = (authorizeUrl: string) =>
        client.post('/auth/sei/authorize', { authorizeUrl }, { authorization: `Bearer ${anna.accessToken}`, 'accept-language': 'ru' });
      expect(await authorize('https://elsewhere.example/auth/sei?client_id=x')).toMatchObject({
        status: 400,
        body: { message: 'Адрес авторизации должен быть адресом /auth/sei этого банка с параметрами приложения.', field: 'authorizeUrl' },
      });
      expect((await authorize(`${test.url}/auth/sei?state=1`)).body.message).toBe('В адресе авторизации нет client_id или redirect_uri приложения.');
    });

    it("writes an invoice e-mail's amount and due date as the language writes them", async () => {
      const send = async (language: string) => {
        const answer = await client.post(
          '/api?method=invoiceCreate',
          { method: 'invoiceCreate', toEmail: DEMO_LOGINS.personal, amount: '1234.50', currency: 'USD', dueDate: '2099-01-31' },
          { authorization: `Bearer ${northwind.accessToken}`, 'accept-language': language },
        );
        expect(answer.body.responseCode).toBe('00');
        const [email] = await outbox(DEMO_LOGINS.personal, 'invoice');
        return email!;
      };
      const spanish = await send('es');
      expect(spanish.subject).toMatch(/^Factura \d+ de Northwind Studio Ltd: 1234,50\u00a0US\$$/);
      expect(spanish.body).toContain('Northwind Studio Ltd le pide que pague 1234,50\u00a0US$ antes del 31 ene 2099.');
      const russian = await send('ru');
      expect(russian.subject).toMatch(/: 1\u00a0234,50\u00a0\$$/);
      expect(russian.body).toContain('просит вас оплатить 1\u00a0234,50\u00a0$ до 31 янв. 2099 г.');
    });
  });
}
