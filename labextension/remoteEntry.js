// The tutor's own JupyterLab plugins (mp-tutor), a prebuilt "federated" extension written by
// hand: JupyterLab loads this file, calls init(shareScope) with the modules the page shares
// (JupyterLab's, and JupyterLite's in the classroom site, at their versions) and
// get("./extension") for the plugins. No build step: the modules are taken from the share
// scope, so the tokens are the page's own. labextension/prebuilt.py ships it under a file
// name with its content hash: into the installed tutor's JupyterLab (share/jupyter/
// labextensions/mp-tutor-course/) and into the classroom site (scripts/lite/build.py).
// Each plugin is given only where the modules it needs are shared: the JupyterLite ones
// (session-manager, early-kernel, one chapter at a time) in the site alone.
//
// The plugins:
// - session-manager (site): JupyterLite 0.8's LiteSessionClient.startNew returns any running
//   session of the same *name*, and JupyterLab names a notebook's session by the file's base
//   name, so fr/04-production.ipynb got the session (and the kernel) of 04-production.ipynb
//   and stayed "Initializing". Sessions are found by path here (the notebook's own), as
//   JupyterLab does; it replaces @jupyterlite/services-extension:session-manager
//   (package.json disables it; in JupyterLab there is no such plugin to disable).
// - chapters: a page of the course opens as a learner needs it, without Run All: a chapter
//   (a notebook whose metadata has mp_tutor.chapter) or the course page (mp_tutor.page
//   "course"). The left sidebar is collapsed (the board gets the room), its cells run once
//   the kernel is ready (a chapter opened again, with a new kernel, shows its board and the
//   learner's progress, kept by the kernel), and a chapter's board is brought into view, after
//   a Run All too. In the site, the chapters opened before it are also saved, closed and their
//   kernels shut down (one chapter, one kernel in the learner's browser); the installed tutor
//   keeps them open (its kernels are processes of the computer, and several chapters may be
//   open side by side).
// - links: a link of the tutor's own pages (an <a data-mp-open="PATH">, as the course page's)
//   opens that notebook in this JupyterLab, as a link of a Markdown cell does (its href, a
//   whole page's address, is what a new tab or another JupyterLab opens).
// - early-kernel (site): a page opened on a notebook (?path=...) starts that notebook's
//   session (its kernel: Python starting in the browser, the longest part of opening a
//   chapter) as soon as the app's services exist, while JupyterLab still loads and lays out
//   the page; the notebook then finds its session running (JupyterLab looks a notebook's
//   session up by path).
// - language: a page opened on a chapter (?path=fr/..., the site's addresses) shows
//   JupyterLab in the chapter's language (the language packs are in the site). Before the app
//   starts, the chapter's locale becomes the default of JupyterLab's language setting
//   (settingsOverrides in the page's configuration); only when the learner chose another
//   language in JupyterLab's own menu (a user setting, which wins) is it changed and the page
//   loaded again, once. (The installed tutor's JupyterLab is in the language scripts/tutor.sh
//   is given.)
var _JUPYTERLAB;
(function () {
  "use strict";

  const NAME = "mp-tutor-course";
  /** the page's address as it was opened (JupyterLite's router drops ?path= later) */
  const OPENED = new URL(window.location.href);
  /** JupyterLab's locale for a chapter's top folder (any other folder: English) */
  const LOCALES = {fr: "fr_FR", nl: "nl_NL"};
  const TRANSLATION = "@jupyterlab/translation-extension:plugin";
  let shareScope = null;

  function newer(a, b) {
    const pa = a.split(/[.+-]/).map((x) => parseInt(x, 10) || 0);
    const pb = b.split(/[.+-]/).map((x) => parseInt(x, 10) || 0);
    for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
      if ((pa[i] || 0) !== (pb[i] || 0)) return (pa[i] || 0) > (pb[i] || 0);
    }
    return false;
  }

  /** A module the page shares (its newest version), or null when the page has none. */
  async function shared(pkg) {
    const versions = shareScope && shareScope[pkg];
    if (!versions) return null;
    const best = Object.keys(versions).reduce((a, b) => (a === null || newer(b, a) ? b : a), null);
    const factory = await versions[best].get();
    versions[best].loaded = 1;
    return factory();
  }

  /** The tutor's metadata of a notebook panel (generated notebooks have it), or null. */
  function tutorMeta(panel) {
    const model = panel.context && panel.context.model;
    const meta = model && model.getMetadata ? model.getMetadata("mp_tutor") : null;
    return meta && typeof meta === "object" ? meta : null;
  }

  /** Whether a notebook panel shows a chapter of the course. */
  function isChapter(panel) {
    const meta = tutorMeta(panel);
    return !!(meta && meta.chapter);
  }

  /** Whether a notebook panel is a page of the course: a chapter or the course page. */
  function isCoursePage(panel) {
    const meta = tutorMeta(panel);
    return !!(meta && (meta.chapter || meta.page === "course"));
  }

  // -- one session per path --------------------------------------------------------------

  function sessionManagerPlugin(services, lite) {
    class PathSessionClient extends lite.LiteSessionClient {
      async startNew(options) {
        const running = (await this.listRunning()).find((s) => s.path === options.path);
        if (running) return running;
        // a name no session has (the base class would return a session of the same name),
        // then the session is named by its path, which is unique
        const unique = `${options.path}\n${Date.now()}-${Math.random()}`;
        const started = await super.startNew({...options, name: unique});
        return this.update({id: started.id, name: options.path});
      }
    }
    return {
      id: `${NAME}:session-manager`,
      description: "Sessions found by the notebook's path, not its file name.",
      autoStart: true,
      provides: services.ISessionManager,
      requires: [services.IKernelManager, lite.IKernelClient],
      optional: [services.IServerSettings],
      activate: (app, kernelManager, kernelClient, serverSettings) => {
        const sessionAPIClient = new PathSessionClient({kernelClient, serverSettings});
        return new services.SessionManager({kernelManager, serverSettings, sessionAPIClient});
      },
    };
  }

  // -- chapters ------------------------------------------------------------------------------

  /** The first code cell (the board and the lesson panel, in a generated chapter). */
  function boardCell(notebook) {
    return notebook.widgets.find((cell) => cell.model.type === "code") || null;
  }

  /** Scroll the board's output to the top of the notebook once it is there. */
  function showBoard(panel, timeout = 120000) {
    const cell = boardCell(panel.content);
    if (!cell) return;
    const notebook = panel.content;
    notebook.activeCellIndex = notebook.widgets.indexOf(cell);
    const started = Date.now();
    const tryScroll = () => {
      if (panel.isDisposed) return;
      const board = cell.node.querySelector(".mp-board") || cell.node.querySelector(".jp-OutputArea-output");
      if (board) {
        cell.node.querySelector(".jp-OutputArea").scrollIntoView({block: "start"});
        panel.node.dataset.mpBoardShown = "yes";
      } else if (Date.now() - started < timeout) {
        window.setTimeout(tryScroll, 200);
      }
    };
    tryScroll();
  }

  async function closeChapter(panel) {
    try {
      if (panel.context.model.dirty) await panel.context.save();
    } catch (err) {
      console.warn(`${NAME}: could not save ${panel.context.path}`, err);
    }
    try {
      await panel.sessionContext.shutdown();
    } catch (err) {
      console.warn(`${NAME}: could not stop the kernel of ${panel.context.path}`, err);
    }
    panel.dispose();
  }

  /** ``oneAtATime``: a chapter opened closes the chapters opened before it (the site). */
  function chaptersPlugin(notebook, application, oneAtATime) {
    return {
      id: `${NAME}:chapters`,
      description: "A page of the course opened with its cells run and a chapter's board in view.",
      autoStart: true,
      requires: [notebook.INotebookTracker],
      optional: [application.ILabShell],
      activate: (app, tracker, labShell) => {
        tracker.widgetAdded.connect(async (_, panel) => {
          await panel.context.ready;
          if (!isCoursePage(panel) || panel.isDisposed) return;
          const chapter = isChapter(panel);
          if (chapter) {
            performance.mark("mp-tutor:chapter-opened");
            panel.node.dataset.mpChapter = panel.context.path;
          }
          panel.node.dataset.mpPage = panel.context.path;
          if (chapter && oneAtATime) {
            const others = [];
            tracker.forEach((other) => {
              if (other !== panel && !other.isDisposed && isChapter(other)) others.push(other);
            });
            await Promise.all(others.map(closeChapter));
          }
          await app.restored; // (the layout restorer would open the sidebar again)
          if (labShell) labShell.collapseLeft();
          panel.node.dataset.mpAutorun = "waiting";
          await panel.sessionContext.ready;
          if (panel.isDisposed) return;
          panel.node.dataset.mpAutorun = "running";
          if (chapter) performance.mark("mp-tutor:kernel-ready");
          const run = notebook.NotebookActions.runAll(panel.content, panel.sessionContext);
          if (chapter) showBoard(panel);
          await run;
          if (chapter) performance.mark("mp-tutor:cells-run");
          if (!panel.isDisposed) panel.node.dataset.mpAutorun = "done";
        });
        // a Run All the learner chose: back to the board (JupyterLab leaves the last cell active)
        app.commands.commandExecuted.connect((_, args) => {
          if (args.id !== "notebook:run-all-cells" && args.id !== "runmenu:run-all") return;
          const panel = tracker.currentWidget;
          if (panel && isChapter(panel)) Promise.resolve(args.result).then(() => showBoard(panel));
        });
      },
    };
  }

  // -- links of the tutor's pages ----------------------------------------------------------

  function linksPlugin() {
    return {
      id: `${NAME}:links`,
      description: "A link of the tutor's pages opens its notebook in this JupyterLab.",
      autoStart: true,
      activate: (app) => {
        document.addEventListener("click", (event) => {
          const link = event.target instanceof Element ? event.target.closest("a[data-mp-open]")
            : null;
          // a plain click (or Enter): here; with a modifier or another button: the browser's way
          if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey
              || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          app.commands.execute("docmanager:open", {path: link.dataset.mpOpen}).catch((err) => {
            console.warn(`${NAME}: could not open ${link.dataset.mpOpen}`, err);
          });
        });
      },
    };
  }

  // -- the kernel started early ----------------------------------------------------------------

  function earlyKernelPlugin(services, lite) {
    return {
      id: `${NAME}:early-kernel`,
      description: "The kernel of the notebook the page was opened on, started at once.",
      autoStart: true,
      requires: [services.ISessionManager, lite.IKernelSpecs],
      activate: (app, sessions, kernelSpecs) => {
        const path = OPENED.searchParams.get("path");
        if (!path || !path.endsWith(".ipynb")) return;
        const name = configOption("defaultKernelName") || "python";
        const start = async () => {
          performance.mark("mp-tutor:app-started");
          // the kernel's factory is registered by its own plugin, maybe after this one
          for (let i = 0; i < 200 && !kernelSpecs.factories.get(name); i++) {
            await new Promise((r) => setTimeout(r, 50));
          }
          if (Array.from(sessions.running()).some((s) => s.path === path)) return;
          performance.mark("mp-tutor:kernel-asked");
          const session = await sessions.startNew({path, type: "notebook", name: path,
                                                   kernel: {name}});
          performance.mark("mp-tutor:kernel-started");
          session.dispose(); // this connection only: the notebook makes its own
        };
        start().catch((err) => console.warn(`${NAME}: no early kernel for ${path}`, err));
      },
    };
  }

  // -- JupyterLab in the chapter's language --------------------------------------------------

  /** An option of the page's configuration (as JupyterLite merged it), or null. */
  function configOption(name) {
    const node = document.getElementById("jupyter-config-data");
    try {
      return JSON.parse((node && node.textContent) || "{}")[name] || null;
    } catch (err) {
      return null;
    }
  }

  /** JupyterLab's locale for the chapter the page was opened on, or null (no chapter). */
  function wantedLocale() {
    const path = OPENED.searchParams.get("path");
    return path ? LOCALES[path.split("/")[0]] || "en" : null;
  }

  /** The chapter's locale as the default of the language setting, before the app reads it. */
  function defaultLocale() {
    const want = wantedLocale();
    const node = document.getElementById("jupyter-config-data");
    if (!want || !node) return;
    try {
      const config = JSON.parse(node.textContent || "{}");
      const overrides = config.settingsOverrides || (config.settingsOverrides = {});
      overrides[TRANSLATION] = {...(overrides[TRANSLATION] || {}), locale: want};
      node.textContent = JSON.stringify(config);
    } catch (err) {
      console.warn(`${NAME}: the page's configuration could not be read`, err);
    }
  }

  function languagePlugin(settingregistry) {
    return {
      id: `${NAME}:language`,
      description: "JupyterLab in the language of the chapter the page was opened on.",
      autoStart: true,
      requires: [settingregistry.ISettingRegistry],
      activate: async (app, registry) => {
        const want = wantedLocale();
        if (!want) return;
        const setting = await registry.get(TRANSLATION, "locale");
        const have = setting.composite;
        if (have === want || (have === "default" && want === "en")) return;
        const guard = `${NAME}:locale`;
        if (window.sessionStorage.getItem(guard) === want) return; // tried once: no loop
        window.sessionStorage.setItem(guard, want);
        await registry.set(TRANSLATION, "locale", want);
        window.location.replace(OPENED.href);
      },
    };
  }

  async function plugins() {
    const [services, lite, notebook, application, settingregistry] = await Promise.all([
      shared("@jupyterlab/services"), shared("@jupyterlite/services"),
      shared("@jupyterlab/notebook"), shared("@jupyterlab/application"),
      shared("@jupyterlab/settingregistry"),
    ]);
    const out = [];
    if (services && lite && lite.LiteSessionClient) out.push(sessionManagerPlugin(services, lite));
    if (services && lite && lite.IKernelSpecs) out.push(earlyKernelPlugin(services, lite));
    const site = !!(lite && lite.LiteSessionClient);
    if (notebook && application) out.push(chaptersPlugin(notebook, application, site));
    out.push(linksPlugin());
    if (settingregistry) out.push(languagePlugin(settingregistry));
    return out;
  }

  _JUPYTERLAB = window._JUPYTERLAB = window._JUPYTERLAB || {};
  _JUPYTERLAB[NAME] = {
    init: (scope) => {
      shareScope = scope;
      defaultLocale();
    },
    get: async (module) => {
      if (module !== "./extension") throw new Error(`${NAME} has no module ${module}`);
      const list = await plugins();
      return () => ({__esModule: true, default: list});
    },
  };
})();
