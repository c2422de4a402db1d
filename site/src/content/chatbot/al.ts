import type { ChatbotCopy } from './index.ts';
import { CHAT_IMAGE_ENTRANCE, conversation } from './types.ts';

/**
 * Albanian copy of /chatbot, written for property managers of short-term rentals (apartamente
 * me qira ditore). Typed as ChatbotCopy: a missing key is a type error.
 */
export const al: ChatbotCopy = {
  meta: {
    title: 'Voxdesk — Asistent AI për menaxherët e apartamenteve me qira ditore',
    description:
      'Automatizoni 90% të bisedave me mysafirët me përgjigje të menjëhershme 24/7, në çdo gjuhë. Rezervoni një konsultë strategjike falas.',
  },
  topBar: {
    skipToContent: 'Kalo te përmbajtja',
    homeLink: 'Faqja kryesore e Voxdesk',
    languageLabel: 'Gjuha',
  },
  hero: {
    subtitle: 'Asistent AI për apartamentet me qira ditore',
    title: 'Shndërroni bisedat me klientët në të ardhura me komunikim të fuqizuar nga AI',
    description:
      'Automatizoni 90% të bisedave me mysafirët me përgjigje të menjëhershme 24/7, në çdo gjuhë — që pronat tuaja të fitojnë më shumë, ndërsa pyetjet e përditshme marrin përgjigje vetë.',
    bookDemo: 'Rezervo një demo',
    bookStrategy: 'Rezervo konsultën strategjike falas',
    note: '100% falas – pa asnjë detyrim',
    trustedBy: 'Na besojnë',
    videoTitle: 'Si u përgjigjet asistenti AI mysafirëve tuaj',
    playVideo: 'Luaj videon: Si u përgjigjet asistenti AI mysafirëve tuaj',
  },
  transformation: {
    title: 'Ndryshoni mënyrën si komunikoni me mysafirët',
    benefits: [
      {
        title: '90% e bisedave të automatizuara',
        description:
          'Pyetjet për orarin e check-in-it, kodet e derës, Wi-Fi-në, parkimin dhe udhëzimet marrin përgjigje menjëherë, pa lëvizur ju as gishtin.',
      },
      {
        title: 'Përgjigje të menjëhershme 24/7, në çdo gjuhë',
        description:
          'Mysafirët marrin përgjigje brenda pak sekondash, qoftë në 3 pasdite apo në 3 të mëngjesit, në gjuhën në të cilën shkruajnë.',
      },
      {
        title: 'Kërkesa automatike për vlerësime',
        description:
          'Pas check-out-it, çdo mysafir merr në kohën e duhur një kërkesë miqësore për të lënë një vlerësim.',
      },
      {
        title: 'Konfigurim dhe mbështetje nga ekipi vendas',
        description:
          'Ekipi ynë vendas e konfiguron gjithçka bashkë me ju dhe është vetëm një mesazh larg sa herë që ju duhet ndihmë.',
      },
    ],
  },
  chatDemo: {
    title: 'Shikojeni në veprim',
    subtitle:
      'Shikoni si e pret asistenti një mysafir që mbërrin vonë natën — çdo përgjigje brenda sekondave.',
    contactName: 'Tirana Stays · Asistenti AI',
    contactStatus: 'në linjë',
    typing: 'po shkruan…',
    windowLabel: 'Bisedë demonstruese mes një mysafiri dhe asistentit AI',
    guestLabel: 'Mysafiri',
    assistantLabel: 'Asistenti AI',
    demoConversation: conversation([
      {
        type: 'user',
        text: 'Përshëndetje! Mbërrijmë në Tiranë sonte në 23:00. A mund të bëjmë check-in vonë?',
      },
      {
        type: 'bot',
        text: 'Mirë se vini! Po — mund të bëni vetë check-in në çdo orë, 24/7. Kodin e derës do ta merrni këtu 2 orë para se të mbërrini. 🙂',
      },
      { type: 'user', text: 'Shkëlqyeshëm. Si ta gjejmë hyrjen?' },
      {
        type: 'bot',
        text: CHAT_IMAGE_ENTRANCE,
        isImage: true,
        imageAlt: 'Hyrja e pallatit: një derë jeshile me numrin 12, pranë një furre buke',
      },
      { type: 'bot', text: 'Është dera jeshile pranë furrës së bukës. Parkimi falas është pas pallatit.' },
      { type: 'user', text: 'Perfekt! Ndonjë sugjerim për darkë aty pranë?' },
      {
        type: 'bot',
        text: 'Ja vendet e preferuara të mikpritësit tonë 👇',
        isLink: true,
        linkTitle: 'Udhëzuesi i mysafirëve: Ku të hani pranë apartamentit',
        linkDescription:
          '12 lokale të preferuara, jo më larg se 10 minuta në këmbë, të zgjedhura nga mikpritësi juaj.',
      },
      { type: 'user', text: 'Faleminderit, shihemi sonte!' },
      {
        type: 'bot',
        text: 'Udhë të mbarë! Pas check-out-it do t’ju dërgoj një lidhje të shkurtër për të lënë një vlerësim — na ndihmon shumë.',
      },
    ]),
  },
  cta: {
    title: 'Gati t’ia besoni AI-së mesazhet e mysafirëve?',
    subtitle:
      'Në një konsultë strategjike falas prej 30 minutash, ju tregojmë live si punon asistenti me pronat tuaja — qoftë 10, 20 apo 50+ njësi.',
    guarantees: [
      '100% falas – pa asnjë detyrim',
      'Demo live e përshtatur për pronat tuaja',
      'Konfigurim i menjëhershëm dhe mbështetje nga një ekip vendas',
    ],
    button: 'Rezervo konsultën time falas',
  },
  socialProof: {
    title: 'Menaxherët e pronave po kursejnë orë të tëra çdo ditë',
    quote:
      'Çdo mëngjes humbisja 4 orë duke iu përgjigjur të njëjtave pyetje të mysafirëve. Tani asistenti i merr përsipër pothuajse të gjitha — edhe ato në 3 të natës — dhe atë kohë ia kushtoj rritjes së biznesit.',
    author: 'Menaxher pronash, 24 apartamente në Tiranë',
    logosLabel: 'Menaxherë pronash që përdorin asistentin',
  },
  futureVision: {
    title: 'E ardhmja e qirave afatshkurtra është e automatizuar',
    copy: 'Menaxherët më fitimprurës të së nesërmes nuk do t’u përgjigjen më shumë mesazheve — do t’u përgjigjen më pak. Lëreni AI-në të kujdeset 24/7 për pyetjet e përditshme dhe të dërgojë kërkesat për vlerësim pas çdo check-out-i, ndërsa ju përqendroheni te shtimi i njësive dhe te kënaqësia e mysafirëve.',
    button: 'Cakto telefonatën falas',
  },
  faq: {
    title: 'Pyetje të shpeshta',
    subtitle: 'Gjithçka që duhet të dini para konsultës suaj strategjike falas.',
    questions: [
      {
        question: 'Sa biseda me mysafirët mund të përballojë realisht AI?',
        answer:
          'Rreth 90% e tyre automatizohen plotësisht: pyetjet për orarin e check-in-it, kodet e derës, udhëzimet, Wi-Fi-në, parkimin dhe këshillat për zonën. Çdo rast i veçantë mbetet në dorën tuaj.',
      },
      {
        question: 'A funksionon për numrin e pronave që menaxhoj?',
        answer:
          'Po. Qoftë 10, 20 apo 50+ njësi, asistenti u përgjigjet të gjithë mysafirëve njëkohësisht, ndaj më shumë prona nuk do të thotë më shumë orë në telefon.',
      },
      {
        question: 'A u përgjigjet mysafirëve në gjuhën e tyre?',
        answer:
          'Po. Përgjigjet menjëherë, 24/7, në çdo gjuhë që shkruajnë mysafirët — anglisht, shqip, italisht, gjermanisht e të tjera.',
      },
      {
        question: 'A më duhen njohuri teknike për ta konfiguruar?',
        answer:
          'Jo. Ekipi ynë vendas e konfiguron gjithçka bashkë me ju dhe ju mbështet edhe më pas. Konsulta strategjike është 100% falas dhe pa asnjë detyrim.',
      },
    ],
  },
  stickyCTA: {
    button: 'Rezervo telefonatën falas',
    hide: 'Fshih butonin «Rezervo telefonatën falas»',
  },
  booking: {
    title: 'Rezervoni konsultën strategjike falas',
    description: 'Na tregoni për pronat tuaja dhe zgjidhni një orar për telefonatën falas prej 30 minutash.',
    fullName: 'Emri dhe mbiemri',
    email: 'Adresa e email-it',
    company: 'Emri i kompanisë',
    phone: 'Numri i telefonit',
    message: 'Na tregoni për biznesin tuaj (opsionale)',
    timeSlotLegend: 'Zgjidhni orarin',
    timeZoneNote: 'Oraret janë sipas zonës suaj kohore ({zone}).',
    alternative: 'Preferoni të zgjidhni vetë një orar tjetër?',
    schedulingLink: 'Hap faqen e rezervimeve',
    submit: 'Konfirmo të dhënat',
    sending: 'Po dërgohet…',
    close: 'Mbyll',
    afterSubmit:
      "Faleminderit, e morëm kërkesën tuaj për {slot}. Do t'ju shkruajmë brenda një dite pune për ta konfirmuar telefonatën.",
    sendFailed: 'Të dhënat tuaja nuk u dërguan.',
    tryAgain: 'Kontrolloni fushat e shënuara dhe shtypni sërish Konfirmo të dhënat.',
    dismiss: 'Mbyll njoftimin',
  },
  footer: {
    tagline:
      'Asistentë AI për bisedat me mysafirët, për menaxherët e apartamenteve me qira ditore në Shqipëri dhe Kosovë.',
  },
  common: {
    opensInNewTab: '(hapet në një skedë të re)',
  },
};
