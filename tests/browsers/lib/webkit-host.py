"""A minimal WebKitGTK browser for WebKitWebDriver to automate (see webkit.ts).

The stock MiniBrowser cannot make a window narrower than about 447 px (its
toolbar sets the minimum) and keeps page console messages to itself, so
webkit.ts has WebKitWebDriver start this program instead:

    /usr/bin/python3 webkit-host.py --automation --viewport=375x812 --data-dir=/tmp/...

Each web view sits alone in an undecorated window whose content is exactly the
viewport. WebKit writes page console messages to stderr itself (the
enable-write-console-messages-to-stdout setting; despite its name the lines go
to stderr), web processes inherit that stream from us, we inherit it from
WebKitWebDriver, and webkit.ts reads it there.

WebDriver has no full-page screenshot, so the host also listens on
<data-dir>/control.sock for one JSON line per connection:

    {"command": "snapshot", "path": "/tmp/x.png"}  ->  {"ok": true} or {"ok": false, "error": "..."}

and resizes the window (so the viewport) on request, as a visitor would:

    {"command": "resize", "width": 375, "height": 812}  ->  {"ok": true} or {"ok": false, "error": "..."}
"""

import ctypes
import json
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gdk, Gio, GLib, Gtk, WebKit2  # noqa: E402

# WebKit does not print a failed <script>/<link>/<img> load (its "Failed to
# load resource" lines only reach the Web Inspector), so a failed module
# import would pass unnoticed. Their error events do not bubble but can be
# caught on the way down. An isolated world keeps the listener out of the
# page's sight; its console.error still lands in the same console output.
#
# Loads that the page itself abandons, because the visitor (or the test) is
# leaving it, also fire error events; WebKit logs nothing for them, so neither
# does this. A failure is reported a moment later, unless the page has begun
# to go by then.
LOAD_ERROR_SCRIPT = """
let leaving = false;
addEventListener("beforeunload", () => { leaving = true; });
addEventListener("pagehide", () => { leaving = true; });
addEventListener("error", (event) => {
  if (leaving) return;
  const target = event.target;
  if (!(target instanceof Element)) return;
  const url = target.currentSrc || target.src || (typeof target.href === "string" ? target.href : "")
    || target.getAttribute("src") || target.getAttribute("href") || "(inline)";
  // A module script's error event also stands for any module it imports.
  const what = target.localName === "script" && target.type === "module"
    ? "module script (or a module it imports)" : `<${target.localName}>`;
  setTimeout(() => {
    if (!leaving) console.error(`Failed to load ${what} ${url}`);
  }, 250);
}, true);
"""


def option(name, default=None):
    prefix = f"--{name}="
    for arg in sys.argv[1:]:
        if arg.startswith(prefix):
            return arg[len(prefix):]
    return default


def die_with_parent():
    # If WebKitWebDriver is killed outright, nobody would end this process;
    # PR_SET_PDEATHSIG (1) makes the kernel send SIGTERM when it goes.
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGTERM, 0, 0, 0)


def require_cairo():
    # WebKit hands snapshots over as cairo surfaces, which PyGObject can only
    # pass to Python with its cairo support (python3-gi-cairo). Only full-page
    # screenshots need it, so its absence is reported then, not at startup.
    try:
        gi.require_foreign("cairo")
    except ImportError as error:
        raise RuntimeError(
            "full-page screenshots need the Debian package python3-gi-cairo"
        ) from error


class Control:
    """Answers webkit.ts on a Unix socket; see the module docstring."""

    def __init__(self, path, views, windows):
        self.views = views
        self.windows = windows
        self.service = Gio.SocketService()
        self.service.add_address(
            Gio.UnixSocketAddress.new(path),
            Gio.SocketType.STREAM,
            Gio.SocketProtocol.DEFAULT,
            None,
        )
        self.service.connect("incoming", self.incoming)
        self.service.start()

    def incoming(self, _service, connection, _source):
        stream = Gio.DataInputStream.new(connection.get_input_stream())
        stream.read_line_async(
            GLib.PRIORITY_DEFAULT, None, self.request, (connection, stream)
        )
        return True

    def request(self, stream, result, state):
        connection, _ = state
        try:
            line, _length = stream.read_line_finish_utf8(result)
            request = json.loads(line or "{}")
            command = request.get("command")
            if command not in ("snapshot", "resize"):
                raise RuntimeError(f"unknown command {command!r}")
            if not self.views:
                raise RuntimeError("no web view yet")
            if command == "snapshot":
                self.snapshot(connection, self.views[-1], request["path"])
            else:
                self.resize(self.windows[self.views[-1]], int(request["width"]), int(request["height"]))
                self.reply(connection, {"ok": True})
        except Exception as error:  # noqa: BLE001 - every failure goes back to the caller
            self.reply(connection, {"ok": False, "error": str(error)})

    def snapshot(self, connection, view, path):
        require_cairo()

        def done(view, result):
            try:
                view.get_snapshot_finish(result).write_to_png(path)
                self.reply(connection, {"ok": True})
            except Exception as error:  # noqa: BLE001
                self.reply(connection, {"ok": False, "error": str(error)})

        view.get_snapshot(
            WebKit2.SnapshotRegion.FULL_DOCUMENT,
            WebKit2.SnapshotOptions.NONE,
            None,
            done,
        )

    def resize(self, window, width, height):
        # The size request is the window's minimum, so it must come down
        # before the window can shrink; resize() then sets the size itself.
        # A window that is not resizable keeps its natural size instead, which
        # the view takes from the page it has laid out: 1280 px wide stays so.
        # The page sees the change a moment later (webkit.ts waits for it).
        window.set_resizable(True)
        window.set_size_request(width, height)
        window.resize(width, height)

    def reply(self, connection, answer):
        data = (json.dumps(answer) + "\n").encode()
        connection.get_output_stream().write_all(data, None)
        connection.close(None)


def main():
    if "--automation" not in sys.argv[1:]:
        print("webkit-host: only --automation mode exists", file=sys.stderr)
        return 2
    die_with_parent()
    width, height = (int(n) for n in option("viewport", "1280x800").split("x"))
    data_dir = option("data-dir")
    if data_dir is None:
        print("webkit-host: --data-dir is required", file=sys.stderr)
        return 2

    # Not an ephemeral data manager: WebKit only prints console messages for
    # persistent sessions. A throwaway directory serves the same purpose.
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=f"{data_dir}/data",
        base_cache_directory=f"{data_dir}/cache",
    )
    context = WebKit2.WebContext(website_data_manager=manager)
    context.set_automation_allowed(True)
    # Pages come from a local server that changes between runs of the suite.
    context.set_cache_model(WebKit2.CacheModel.DOCUMENT_VIEWER)

    settings = WebKit2.Settings()
    settings.set_enable_write_console_messages_to_stdout(True)
    # Leave the hardware acceleration policy alone: with NEVER, WebDriver's
    # Take Screenshot never answers (WebKitGTK 2.50 under Xvfb).

    content = WebKit2.UserContentManager()
    content.add_script(
        WebKit2.UserScript.new_for_world(
            LOAD_ERROR_SCRIPT,
            WebKit2.UserContentInjectedFrames.ALL_FRAMES,
            WebKit2.UserScriptInjectionTime.START,
            "webkit-host",
            None,
            None,
        )
    )

    views = []
    windows = {}

    def close_view(view, window):
        views.remove(view)
        del windows[view]
        window.destroy()

    def create_web_view(_session):
        view = WebKit2.WebView(
            web_context=context,
            settings=settings,
            user_content_manager=content,
            is_controlled_by_automation=True,
        )
        window = Gtk.Window(type=Gtk.WindowType.TOPLEVEL)
        window.set_decorated(False)
        window.set_resizable(False)
        # The view asks for almost nothing, so the window is exactly this size
        # and, with no window manager under Xvfb, nothing changes it.
        window.set_size_request(width, height)
        window.move(0, 0)
        window.add(view)
        view.connect("close", close_view, window)
        window.show_all()
        # With no window manager nothing gives the window keyboard focus, and
        # then the page never matches :focus (no focus rings) and its document
        # reports hasFocus() false: ask the X server directly.
        window.present()
        window.get_window().focus(Gdk.CURRENT_TIME)
        view.grab_focus()
        views.append(view)
        windows[view] = window
        return view

    def automation_started(_context, session):
        info = WebKit2.ApplicationInfo()
        info.set_name("webkit-host")
        info.set_version(
            WebKit2.get_major_version(),
            WebKit2.get_minor_version(),
            WebKit2.get_micro_version(),
        )
        session.set_application_info(info)
        session.connect("create-web-view", create_web_view)

    context.connect("automation-started", automation_started)
    # Held until the end: the socket service lives as long as this object.
    control = Control(f"{data_dir}/control.sock", views, windows)

    def quit_main():
        Gtk.main_quit()
        return GLib.SOURCE_REMOVE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_main)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, quit_main)
    Gtk.main()
    del control
    return 0


if __name__ == "__main__":
    sys.exit(main())
