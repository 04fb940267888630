/** Help-centre articles of the demo brand; section codes are shared by both languages. */

type Article = { title: string; content: string };
type Section = { section: string; title: string; articles: Article[] };

export const demoHelp: Record<'pt' | 'en', Section[]> = {
  pt: [
    {
      section: 'about',
      title: 'Sobre nós',
      articles: [
        {
          title: 'Quem somos',
          content:
            '<p>A Aurora Bet é uma plataforma de demonstração de jogos e apostas online. Todo o dinheiro neste site é fictício (FUN): deposita-se e levanta-se pelos mesmos passos de um site real, mas não vale nada fora dele.</p>',
        },
        {
          title: 'Contactos',
          content:
            '<p>O apoio ao cliente está disponível 24 horas por dia através do chat ao vivo e do Telegram, no menu lateral.</p>',
        },
      ],
    },
    {
      section: 'deposit',
      title: 'Depósitos',
      articles: [
        {
          title: 'Como depositar',
          content:
            '<ol><li>Inicie sessão.</li><li>Clique em <strong>Depositar</strong> no topo da página.</li><li>Escolha o método e o valor e confirme.</li></ol>',
        },
        {
          title: 'Quanto tempo demora?',
          content:
            '<p>Pagamentos online são creditados em segundos; transferências bancárias após confirmação do operador.</p>',
        },
      ],
    },
    {
      section: 'withdraw',
      title: 'Levantamentos',
      articles: [
        {
          title: 'Como levantar',
          content:
            '<p>Defina uma palavra-passe de pagamento, associe uma conta bancária e peça o levantamento no centro de membro. Cada pedido é verificado pela nossa equipa.</p>',
        },
      ],
    },
    {
      section: 'responsible',
      title: 'Jogo responsável',
      articles: [
        {
          title: 'Jogue com moderação',
          content:
            '<p>O jogo deve ser uma diversão. Defina limites, faça pausas e nunca jogue com dinheiro de que precisa. É proibido o acesso a menores de 18 anos ou da idade legal de jogo da sua jurisdição.</p>',
        },
      ],
    },
    {
      section: 'terms',
      title: 'Termos e condições',
      articles: [
        {
          title: 'Termos de utilização',
          content:
            '<p>Ao utilizar este site aceita os termos de utilização, incluindo a idade mínima, uma conta por pessoa e as regras de cada promoção.</p>',
        },
      ],
    },
    {
      section: 'privacy',
      title: 'Privacidade',
      articles: [
        {
          title: 'Política de privacidade',
          content:
            '<p>Guardamos apenas os dados necessários para operar a sua conta. As palavras-passe são guardadas com hash e nunca em texto simples.</p>',
        },
      ],
    },
  ],
  en: [
    {
      section: 'about',
      title: 'About us',
      articles: [
        {
          title: 'Who we are',
          content:
            '<p>Aurora Bet is a demonstration online gaming and betting platform. All money on this site is play money (FUN): it is deposited and withdrawn through the same steps as on a real site, but is worth nothing outside it.</p>',
        },
        {
          title: 'Contact',
          content:
            '<p>Customer support is available around the clock through live chat and Telegram, in the side menu.</p>',
        },
      ],
    },
    {
      section: 'deposit',
      title: 'Deposits',
      articles: [
        {
          title: 'How to deposit',
          content:
            '<ol><li>Log in.</li><li>Click <strong>Deposit</strong> at the top of the page.</li><li>Choose a method and an amount, then confirm.</li></ol>',
        },
        {
          title: 'How long does it take?',
          content:
            '<p>Online payments are credited within seconds; bank transfers once the operator confirms them.</p>',
        },
      ],
    },
    {
      section: 'withdraw',
      title: 'Withdrawals',
      articles: [
        {
          title: 'How to withdraw',
          content:
            '<p>Set a payment password, add a bank account and request a withdrawal in the member centre. Our team reviews every request.</p>',
        },
      ],
    },
    {
      section: 'responsible',
      title: 'Responsible gaming',
      articles: [
        {
          title: 'Play responsibly',
          content:
            '<p>Gaming should be fun. Set limits, take breaks and never play with money you need. Nobody under 18, or under the legal gambling age of their jurisdiction, may play.</p>',
        },
      ],
    },
    {
      section: 'terms',
      title: 'Terms and conditions',
      articles: [
        {
          title: 'Terms of use',
          content:
            '<p>By using this site you accept the terms of use, including the minimum age, one account per person and the rules of each promotion.</p>',
        },
      ],
    },
    {
      section: 'privacy',
      title: 'Privacy',
      articles: [
        {
          title: 'Privacy policy',
          content:
            '<p>We keep only the data needed to run your account. Passwords are stored hashed, never in plain text.</p>',
        },
      ],
    },
  ],
};
