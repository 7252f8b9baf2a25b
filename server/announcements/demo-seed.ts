import type { Kysely } from 'kysely';
import type { AnnouncementAudience, AnnouncementTranslations, Database } from '../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

interface DemoAnnouncement {
  title: string;
  summary: string;
  body: string;
  audience: AnnouncementAudience;
  requiresConfirmation?: boolean;
  /** Days before `now` it was published. */
  ageDays: number;
  /** Days after `now` it stops being shown. */
  expiresInDays?: number;
  /** The same texts in the product's other languages, as the bank publishes them. */
  translations: AnnouncementTranslations;
}

const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    title: 'Updated terms of the multi-currency account',
    summary: 'From next month new terms apply to currency exchange within your account. Please accept or decline them.',
    body: [
      'We are updating the terms of the multi-currency account. From the first day of next month, exchanges between your own accounts are priced at the interbank rate plus a fixed 0.4% margin, shown before you confirm each exchange.',
      'Monthly account fees do not change. Exchanges you schedule before the new terms apply are charged under the current terms.',
      'Please accept the updated terms to keep exchanging between currencies. If you decline, your accounts stay open and you can still receive, hold and send money in each currency, but exchanges between them will be paused until you accept.',
    ].join('\n\n'),
    audience: 'all',
    requiresConfirmation: true,
    ageDays: 1,
    translations: {
      es: {
        title: 'Nuevas condiciones de la cuenta multidivisa',
        summary: 'Desde el mes que viene se aplican nuevas condiciones al cambio de divisas en su cuenta. Acéptelas o rechácelas.',
        body: [
          'Actualizamos las condiciones de la cuenta multidivisa. Desde el primer día del mes que viene, los cambios entre sus propias cuentas se hacen al tipo interbancario más un margen fijo del 0,4 %, que se muestra antes de confirmar cada cambio.',
          'Las comisiones mensuales de la cuenta no cambian. Los cambios que programe antes de que se apliquen las nuevas condiciones se cobran según las condiciones actuales.',
          'Acepte las nuevas condiciones para seguir cambiando entre divisas. Si las rechaza, sus cuentas siguen abiertas y puede seguir recibiendo, guardando y enviando dinero en cada divisa, pero los cambios entre ellas quedarán en pausa hasta que las acepte.',
        ].join('\n\n'),
      },
      pt: {
        title: 'Novas condições da conta multimoeda',
        summary: 'A partir do próximo mês aplicam-se novas condições ao câmbio de moedas na sua conta. Aceite-as ou recuse-as.',
        body: [
          'Estamos a atualizar as condições da conta multimoeda. A partir do primeiro dia do próximo mês, os câmbios entre as suas próprias contas são feitos à taxa interbancária mais uma margem fixa de 0,4%, mostrada antes de confirmar cada câmbio.',
          'As comissões mensais da conta não mudam. Os câmbios que agendar antes de as novas condições se aplicarem são cobrados segundo as condições atuais.',
          'Aceite as novas condições para continuar a cambiar entre moedas. Se as recusar, as suas contas continuam abertas e pode continuar a receber, guardar e enviar dinheiro em cada moeda, mas os câmbios entre elas ficam suspensos até as aceitar.',
        ].join('\n\n'),
      },
      ro: {
        title: 'Condiții noi pentru contul multivalută',
        summary: 'Din luna viitoare se aplică condiții noi schimbului valutar din contul dvs. Vă rugăm să le acceptați sau să le refuzați.',
        body: [
          'Actualizăm condițiile contului multivalută. Din prima zi a lunii viitoare, schimburile între propriile conturi se fac la cursul interbancar plus o marjă fixă de 0,4%, afișată înainte să confirmați fiecare schimb.',
          'Comisioanele lunare ale contului nu se schimbă. Schimburile programate înainte de aplicarea noilor condiții se taxează după condițiile actuale.',
          'Acceptați noile condiții pentru a face în continuare schimburi între valute. Dacă le refuzați, conturile rămân deschise și puteți primi, păstra și trimite bani în fiecare valută, dar schimburile între ele vor fi suspendate până le acceptați.',
        ].join('\n\n'),
      },
      ru: {
        title: 'Новые условия мультивалютного счёта',
        summary: 'Со следующего месяца к обмену валют на вашем счёте применяются новые условия. Примите или отклоните их.',
        body: [
          'Мы обновляем условия мультивалютного счёта. С первого числа следующего месяца обмен между вашими собственными счетами проводится по межбанковскому курсу плюс фиксированная маржа 0,4 %, которую вы видите до подтверждения каждого обмена.',
          'Ежемесячная плата за счёт не меняется. Обмены, запланированные до вступления новых условий в силу, оплачиваются по действующим условиям.',
          'Примите новые условия, чтобы и дальше обменивать валюты. Если вы их отклоните, ваши счета останутся открытыми и вы сможете получать, хранить и отправлять деньги в каждой валюте, но обмен между ними будет приостановлен, пока вы не примете условия.',
        ].join('\n\n'),
      },
      ua: {
        title: 'Нові умови мультивалютного рахунку',
        summary: 'З наступного місяця до обміну валют на вашому рахунку застосовуються нові умови. Прийміть або відхиліть їх.',
        body: [
          'Ми оновлюємо умови мультивалютного рахунку. З першого числа наступного місяця обмін між вашими власними рахунками відбувається за міжбанківським курсом плюс фіксована маржа 0,4 %, яку ви бачите до підтвердження кожного обміну.',
          'Щомісячна плата за рахунок не змінюється. Обміни, заплановані до набрання чинності новими умовами, оплачуються за чинними умовами.',
          'Прийміть нові умови, щоб і далі обмінювати валюти. Якщо ви їх відхилите, ваші рахунки залишаться відкритими і ви зможете отримувати, зберігати й надсилати гроші в кожній валюті, але обмін між ними буде призупинено, доки ви не приймете умови.',
        ].join('\n\n'),
      },
    },
  },
  {
    title: 'Scheduled maintenance on Sunday night',
    summary: 'Card payments keep working, but transfers and statements are unavailable between 01:00 and 03:00 UTC.',
    body: [
      'We are upgrading our payment systems on Sunday between 01:00 and 03:00 UTC.',
      'During this time you can still pay by card and sign in, but new transfers, exchanges and statement exports will be unavailable. Transfers you scheduled for that window will be sent right after the maintenance.',
    ].join('\n\n'),
    audience: 'all',
    ageDays: 3,
    expiresInDays: 5,
    translations: {
      es: {
        title: 'Mantenimiento programado el domingo por la noche',
        summary: 'Los pagos con tarjeta siguen funcionando, pero las transferencias y los extractos no estarán disponibles entre las 01:00 y las 03:00 UTC.',
        body: [
          'Actualizamos nuestros sistemas de pago el domingo entre las 01:00 y las 03:00 UTC.',
          'Durante ese tiempo puede seguir pagando con tarjeta e iniciando sesión, pero no estarán disponibles las nuevas transferencias, los cambios de divisa ni la exportación de extractos. Las transferencias programadas para ese intervalo se enviarán justo después del mantenimiento.',
        ].join('\n\n'),
      },
      pt: {
        title: 'Manutenção programada no domingo à noite',
        summary: 'Os pagamentos com cartão continuam a funcionar, mas as transferências e os extratos ficam indisponíveis entre as 01:00 e as 03:00 UTC.',
        body: [
          'Vamos atualizar os nossos sistemas de pagamento no domingo entre as 01:00 e as 03:00 UTC.',
          'Durante esse período pode continuar a pagar com cartão e a iniciar sessão, mas novas transferências, câmbios e exportações de extratos ficam indisponíveis. As transferências agendadas para esse intervalo são enviadas logo após a manutenção.',
        ].join('\n\n'),
      },
      ro: {
        title: 'Mentenanță programată duminică noaptea',
        summary: 'Plățile cu cardul funcționează în continuare, dar transferurile și extrasele nu sunt disponibile între 01:00 și 03:00 UTC.',
        body: [
          'Actualizăm sistemele de plată duminică între 01:00 și 03:00 UTC.',
          'În acest interval puteți plăti în continuare cu cardul și vă puteți autentifica, dar transferurile noi, schimburile valutare și exportul extraselor nu sunt disponibile. Transferurile programate pentru acest interval vor fi trimise imediat după mentenanță.',
        ].join('\n\n'),
      },
      ru: {
        title: 'Плановые работы в ночь на воскресенье',
        summary: 'Оплата картой работает, но переводы и выписки недоступны с 01:00 до 03:00 UTC.',
        body: [
          'В воскресенье с 01:00 до 03:00 UTC мы обновляем наши платёжные системы.',
          'В это время можно платить картой и входить в приложение, но новые переводы, обмен валют и выгрузка выписок недоступны. Переводы, запланированные на это время, будут отправлены сразу после окончания работ.',
        ].join('\n\n'),
      },
      ua: {
        title: 'Планові роботи в ніч на неділю',
        summary: 'Оплата карткою працює, але перекази та виписки недоступні з 01:00 до 03:00 UTC.',
        body: [
          'У неділю з 01:00 до 03:00 UTC ми оновлюємо наші платіжні системи.',
          'У цей час можна платити карткою та входити в застосунок, але нові перекази, обмін валют і вивантаження виписок недоступні. Перекази, заплановані на цей час, буде надіслано одразу після завершення робіт.',
        ].join('\n\n'),
      },
    },
  },
  {
    title: 'Batch payouts now accept up to 5,000 lines',
    summary: 'Business customers can now upload mass payout files with up to 5,000 payments each.',
    body: [
      'Mass payout files can now hold up to 5,000 payments, up from 1,000. Validation of large files runs in the background and you get a notification when the batch is ready to approve.',
      'The file formats do not change; the sample files on the mass transfer page are up to date.',
    ].join('\n\n'),
    audience: 'business',
    ageDays: 6,
    translations: {
      es: {
        title: 'Los pagos masivos admiten ahora hasta 5000 líneas',
        summary: 'Los clientes empresa ya pueden subir archivos de pagos masivos con hasta 5000 pagos cada uno.',
        body: [
          'Los archivos de pagos masivos pueden contener ahora hasta 5000 pagos, antes 1000. La validación de archivos grandes se hace en segundo plano y recibirá una notificación cuando el lote esté listo para aprobar.',
          'Los formatos de archivo no cambian; los archivos de ejemplo de la página de transferencias masivas están al día.',
        ].join('\n\n'),
      },
      pt: {
        title: 'Os pagamentos em lote aceitam agora até 5000 linhas',
        summary: 'Os clientes empresariais já podem carregar ficheiros de pagamentos em massa com até 5000 pagamentos cada.',
        body: [
          'Os ficheiros de pagamentos em massa podem ter agora até 5000 pagamentos, em vez de 1000. A validação de ficheiros grandes é feita em segundo plano e recebe uma notificação quando o lote estiver pronto para aprovar.',
          'Os formatos de ficheiro não mudam; os ficheiros de exemplo da página de transferências em massa estão atualizados.',
        ].join('\n\n'),
      },
      ro: {
        title: 'Plățile în lot acceptă acum până la 5000 de rânduri',
        summary: 'Clienții persoane juridice pot încărca acum fișiere de plăți în masă cu până la 5000 de plăți fiecare.',
        body: [
          'Fișierele de plăți în masă pot conține acum până la 5000 de plăți, față de 1000 înainte. Validarea fișierelor mari se face în fundal și primiți o notificare când lotul este gata de aprobare.',
          'Formatele fișierelor nu se schimbă; fișierele exemplu de pe pagina de transferuri în masă sunt actualizate.',
        ].join('\n\n'),
      },
      ru: {
        title: 'Массовые выплаты теперь принимают до 5000 строк',
        summary: 'Бизнес-клиенты теперь могут загружать файлы массовых выплат, в каждом до 5000 платежей.',
        body: [
          'В файле массовых выплат теперь может быть до 5000 платежей вместо 1000. Большие файлы проверяются в фоновом режиме, и вы получите уведомление, когда пакет будет готов к утверждению.',
          'Форматы файлов не меняются; образцы файлов на странице массовых переводов актуальны.',
        ].join('\n\n'),
      },
      ua: {
        title: 'Масові виплати тепер приймають до 5000 рядків',
        summary: 'Бізнес-клієнти тепер можуть завантажувати файли масових виплат, у кожному до 5000 платежів.',
        body: [
          'У файлі масових виплат тепер може бути до 5000 платежів замість 1000. Великі файли перевіряються у фоновому режимі, і ви отримаєте сповіщення, коли пакет буде готовий до затвердження.',
          'Формати файлів не змінюються; зразки файлів на сторінці масових переказів актуальні.',
        ].join('\n\n'),
      },
    },
  },
  {
    title: 'Protect yourself from phishing',
    summary: 'We never ask for your password or a confirmation code by phone, e-mail or chat.',
    body: [
      'Fraudsters sometimes pretend to be our staff. We will never ask you for your password, a one-time code or your card details by phone, e-mail, text message or chat.',
      'If something looks suspicious, do not click the link; sign in by typing our address yourself and contact support from the Help page.',
    ].join('\n\n'),
    audience: 'all',
    ageDays: 12,
    translations: {
      es: {
        title: 'Protéjase del phishing',
        summary: 'Nunca le pediremos su contraseña ni un código de confirmación por teléfono, correo electrónico o chat.',
        body: [
          'A veces los estafadores se hacen pasar por nuestro personal. Nunca le pediremos su contraseña, un código de un solo uso ni los datos de su tarjeta por teléfono, correo electrónico, SMS o chat.',
          'Si algo le parece sospechoso, no abra el enlace; inicie sesión escribiendo usted mismo nuestra dirección y contacte con soporte desde la página de Ayuda.',
        ].join('\n\n'),
      },
      pt: {
        title: 'Proteja-se contra o phishing',
        summary: 'Nunca lhe pedimos a palavra-passe nem um código de confirmação por telefone, e-mail ou chat.',
        body: [
          'Por vezes, burlões fazem-se passar pela nossa equipa. Nunca lhe pediremos a palavra-passe, um código único ou os dados do cartão por telefone, e-mail, SMS ou chat.',
          'Se algo lhe parecer suspeito, não abra a ligação; inicie sessão escrevendo o nosso endereço e contacte o apoio a partir da página de Ajuda.',
        ].join('\n\n'),
      },
      ro: {
        title: 'Protejați-vă de phishing',
        summary: 'Nu vă cerem niciodată parola sau un cod de confirmare prin telefon, e-mail sau chat.',
        body: [
          'Uneori, escrocii se dau drept angajații noștri. Nu vă vom cere niciodată parola, un cod unic sau datele cardului prin telefon, e-mail, SMS sau chat.',
          'Dacă ceva pare suspect, nu deschideți linkul; autentificați-vă tastând singur adresa noastră și contactați asistența din pagina Ajutor.',
        ].join('\n\n'),
      },
      ru: {
        title: 'Берегитесь фишинга',
        summary: 'Мы никогда не спрашиваем пароль или код подтверждения по телефону, электронной почте или в чате.',
        body: [
          'Мошенники иногда выдают себя за наших сотрудников. Мы никогда не попросим ваш пароль, одноразовый код или данные карты по телефону, электронной почте, в SMS или в чате.',
          'Если что-то кажется подозрительным, не переходите по ссылке: войдите, набрав наш адрес самостоятельно, и свяжитесь с поддержкой со страницы «Помощь».',
        ].join('\n\n'),
      },
      ua: {
        title: 'Бережіться фішингу',
        summary: 'Ми ніколи не запитуємо пароль або код підтвердження телефоном, електронною поштою чи в чаті.',
        body: [
          'Шахраї іноді видають себе за наших співробітників. Ми ніколи не попросимо ваш пароль, одноразовий код або дані картки телефоном, електронною поштою, в SMS чи в чаті.',
          'Якщо щось здається підозрілим, не переходьте за посиланням: увійдіть, набравши нашу адресу самостійно, і зверніться до підтримки зі сторінки «Допомога».',
        ].join('\n\n'),
      },
    },
  },
  {
    title: 'Savings goals for personal accounts',
    summary: 'Set a target, put money aside in any currency and follow your progress from the home page.',
    body: 'Personal customers can now set savings goals: choose an amount and a date, put money aside in any of your currencies and see how close you are from the home page. Goals are free and you can move the money back at any time.',
    audience: 'personal',
    ageDays: 20,
    translations: {
      es: {
        title: 'Metas de ahorro para cuentas personales',
        summary: 'Fije un objetivo, aparte dinero en cualquier divisa y siga su progreso desde la página de inicio.',
        body: 'Los clientes particulares ya pueden fijar metas de ahorro: elija un importe y una fecha, aparte dinero en cualquiera de sus divisas y vea cuánto le falta desde la página de inicio. Las metas son gratuitas y puede recuperar el dinero en cualquier momento.',
      },
      pt: {
        title: 'Objetivos de poupança para contas pessoais',
        summary: 'Defina uma meta, ponha dinheiro de parte em qualquer moeda e acompanhe o progresso a partir da página inicial.',
        body: 'Os clientes particulares já podem definir objetivos de poupança: escolha um montante e uma data, ponha dinheiro de parte em qualquer das suas moedas e veja quanto falta a partir da página inicial. Os objetivos são gratuitos e pode recuperar o dinheiro a qualquer momento.',
      },
      ro: {
        title: 'Obiective de economisire pentru conturile personale',
        summary: 'Stabiliți o țintă, puneți bani deoparte în orice valută și urmăriți progresul din pagina principală.',
        body: 'Clienții persoane fizice pot stabili acum obiective de economisire: alegeți o sumă și o dată, puneți bani deoparte în oricare dintre valutele dvs. și vedeți cât mai aveți din pagina principală. Obiectivele sunt gratuite și puteți retrage banii oricând.',
      },
      ru: {
        title: 'Цели накоплений для личных счетов',
        summary: 'Поставьте цель, откладывайте деньги в любой валюте и следите за прогрессом на главной странице.',
        body: 'Частные клиенты теперь могут ставить цели накоплений: выберите сумму и дату, откладывайте деньги в любой из своих валют и смотрите, сколько осталось, на главной странице. Цели бесплатны, и вернуть деньги можно в любой момент.',
      },
      ua: {
        title: 'Цілі заощаджень для особистих рахунків',
        summary: 'Поставте ціль, відкладайте гроші в будь-якій валюті та стежте за прогресом на головній сторінці.',
        body: 'Приватні клієнти тепер можуть ставити цілі заощаджень: виберіть суму й дату, відкладайте гроші в будь-якій зі своїх валют і дивіться, скільки залишилося, на головній сторінці. Цілі безкоштовні, і повернути гроші можна будь-коли.',
      },
    },
  },
];

/**
 * The demo's news, each in every language of the product: five published announcements (one asking every customer to accept updated terms
 * of the multi-currency account, one for business customers only, one for personal customers only,
 * one expiring in a few days). Runs inside the demo seed's transaction.
 *
 * @example
 * await seedAnnouncementsDemo(trx, now);
 */
export async function seedAnnouncementsDemo(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .insertInto('announcements')
    .values(
      // Oldest first, so ids grow with the publication date as they would in real life.
      [...DEMO_ANNOUNCEMENTS].reverse().map((item) => ({
        title: item.title,
        summary: item.summary,
        body: item.body,
        translations: JSON.stringify(item.translations),
        audience: item.audience,
        requires_confirmation: item.requiresConfirmation ?? false,
        published_at: new Date(now.getTime() - item.ageDays * DAY),
        expires_at: item.expiresInDays === undefined ? null : new Date(now.getTime() + item.expiresInDays * DAY),
      })),
    )
    .execute();
}
