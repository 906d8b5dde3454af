// The ids of the regions in Europe
package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumihosting.hosting.HostingFunctions;
import com.pulumihosting.hosting.inputs.GetRegionsArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var europe = HostingFunctions.getRegions(GetRegionsArgs.builder()
            .continent("Europe")
            .build());

        ctx.export("regionIds", europe.applyValue(result -> result.ids()));
    }
}
