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
"""

import ctypes
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

# WebKit does not print a failed <script>/<link>/<img> load (its "Failed to
# load resource" lines only reach the Web Inspector), so a failed module
# import would pass unnoticed. Their error events do not bubble but can be
# caught on the way down. An isolated world keeps the listener out of the
# page's sight; its console.error still lands in the same console output.
LOAD_ERROR_SCRIPT = """
addEventListener("error", (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const url = target.currentSrc || target.src || (typeof target.href === "string" ? target.href : "")
    || target.getAttribute("src") || target.getAttribute("href") || "";
  console.error(`Failed to load <${target.localName}> ${url}`);
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
    # There is no GPU under Xvfb; asking for one only adds fallbacks and noise.
    settings.set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)

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
        view.connect("close", lambda _view: window.destroy())
        window.show_all()
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

    def quit_main():
        Gtk.main_quit()
        return GLib.SOURCE_REMOVE

    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, quit_main)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGINT, quit_main)
    Gtk.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
