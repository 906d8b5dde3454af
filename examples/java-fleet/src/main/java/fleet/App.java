package fleet;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.resources.CustomResourceOptions;
import com.pulumihosting.hosting.Fleet;
import com.pulumihosting.hosting.FleetArgs;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.Server;
import com.pulumihosting.hosting.ServerArgs;
import com.pulumihosting.hosting.Webhook;
import com.pulumihosting.hosting.WebhookArgs;
import com.pulumihosting.hosting.enums.WebhookEvent;
import com.pulumihosting.hosting.inputs.FleetDefaultsArgs;
import com.pulumihosting.hosting.inputs.FleetGroupArgs;
import com.pulumihosting.hosting.inputs.GetOsImageArgs;
import com.pulumihosting.hosting.inputs.GetPlanArgs;
import com.pulumihosting.hosting.outputs.FleetMember;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Pulumi program: two servers on the cheapest plan of Frankfurt, the OS image they run (both
 * found with lookups of the provider plugin), a Fleet of fleetCount servers in Newark, and a
 * webhook that hears of them all. Its stack config: label, os (the servers' OS slug), fleetCount,
 * webhookUrl and webhookSecret (secret).
 */
public final class App {
    public static void main(String[] args) {
        Pulumi.run(App::fleet);
    }

    private static void fleet(Context ctx) {
        var config = ctx.config();
        var label = config.get("label").orElse("java-fleet");
        var osSlug = config.get("os").orElse("ubuntu-24.04");
        var fleetCount = config.getInteger("fleetCount").orElse(1);

        var plan = HostingFunctions.getPlan(GetPlanArgs.builder().region("fra").build());
        var image = HostingFunctions.getOsImage(GetOsImageArgs.builder().slug(osSlug).build());

        var events = new Webhook("events", WebhookArgs.builder()
            .url(config.require("webhookUrl"))
            .events(WebhookEvent.ServerCreated, WebhookEvent.ServerDeleted)
            .secret(config.requireSecret("webhookSecret"))
            .build());
        var afterHook = CustomResourceOptions.builder().dependsOn(events).build();

        var regions = List.of("fra", "ewr");
        for (int i = 0; i < regions.size(); i++) {
            var name = "web-" + (i + 1);
            var server = new Server(name, ServerArgs.builder()
                .region(regions.get(i))
                .plan(plan.applyValue(p -> p.id()))
                .os(image.applyValue(img -> img.slug()))
                .label(label)
                .tags("web", "java")
                .build(), afterHook);
            ctx.export(name.replace("-", "") + "Id", server.id());
        }

        // The fleet keeps its own OS: an os change replaces the two servers above only.
        var fleet = new Fleet("fleet", FleetArgs.builder()
            .defaults(FleetDefaultsArgs.builder()
                .plan("vc2-1c-1gb")
                .os("ubuntu-24.04")
                .label(label + "-{key}")
                .tags("fleet", "java")
                .build())
            .groups(FleetGroupArgs.builder().name("app").regions("ewr").count(fleetCount).build())
            .build(), afterHook);

        ctx.export("planId", plan.applyValue(p -> p.id()));
        ctx.export("osName", image.applyValue(img -> img.name()));
        ctx.export("webhookId", events.id());
        ctx.export("fleetMembers", fleet.members().applyValue(App::idsByKey));
    }

    /** The fleet's member keys and server ids, in key order. */
    private static Map<String, String> idsByKey(Map<String, FleetMember> members) {
        var ids = new TreeMap<String, String>();
        members.forEach((key, member) -> ids.put(key, member.id()));
        return ids;
    }
}
